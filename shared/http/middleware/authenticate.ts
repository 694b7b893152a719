import type { MiddlewareObj } from "@middy/core";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { InvalidTokenError, type TokenAudience, type TokenVerifier } from "../../auth/access-tokens.js";
import { currentStanding, deferStanding, StandingRefusedError } from "../../auth/request-standing.js";
import { refuse } from "../../errors/refusal.js";
import * as refusals from "../../errors/refusals.js";
import { type ApiContext, header } from "../api-request.js";

type Middleware = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext>;

const BEARER = /^Bearer ([A-Za-z0-9_\-.]+)$/;

/**
 * Requires a valid bearer token of this API version; anything else is the same 401. The signature is
 * checked before the route's work; the account's standing (revoked, blocked) is read beside it and
 * decides the answer: a refused standing is the same 401 whatever the route answered, and a write the
 * route sends meanwhile carries it as a condition (shared/runtime/standing-gate.ts). Routes run in
 * `withRequestScope`, which the group handler provides.
 */
export const authenticate = (audience: TokenAudience, tokens: () => Promise<TokenVerifier>): Middleware => ({
  name: "authenticate",
  before: async ({ event, context }) => {
    const match = BEARER.exec(header(event, "authorization")?.trim() ?? "");
    if (!match?.[1]) throw refuse(refusals.unauthorized);
    const verifier = await tokens();
    try {
      const claims = await verifier.verifySignature(match[1], audience);
      deferStanding(claims, verifier.standing(claims));
      context.api.principal = { accountId: claims.accountId };
    } catch (error) {
      if (error instanceof InvalidTokenError) throw refuse(refusals.unauthorized);
      throw error;
    }
  },
  after: async () => {
    const standing = currentStanding();
    if (standing && !(await standing.answer)) throw refuse(refusals.unauthorized);
  },
  onError: async (request) => {
    const standing = currentStanding();
    if (!standing) return;
    if (request.error instanceof StandingRefusedError) {
      request.error = refuse(refusals.unauthorized);
      return;
    }
    // Whatever the route refused, a token its account no longer honours learns only that.
    try {
      if (!(await standing.answer)) request.error = refuse(refusals.unauthorized);
    } catch (readFailure) {
      request.error = readFailure instanceof Error ? readFailure : new Error(String(readFailure));
    }
  },
});
