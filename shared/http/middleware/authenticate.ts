import type { MiddlewareObj } from "@middy/core";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { type AccessTokens, InvalidTokenError, type TokenAudience } from "../../auth/access-tokens.js";
import { refuse } from "../../errors/refusal.js";
import * as refusals from "../../errors/refusals.js";
import { type ApiContext, header } from "../api-request.js";

type Middleware = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext>;

const BEARER = /^Bearer ([A-Za-z0-9_\-.]+)$/;

/** Requires a valid bearer token of this API version; anything else is the same 401. */
export const authenticate = (audience: TokenAudience, tokens: () => Promise<AccessTokens>): Middleware => ({
  name: "authenticate",
  before: async ({ event, context }) => {
    const match = BEARER.exec(header(event, "authorization")?.trim() ?? "");
    if (!match?.[1]) throw refuse(refusals.unauthorized);
    try {
      context.api.principal = await (await tokens()).verify(match[1], audience);
    } catch (error) {
      if (error instanceof InvalidTokenError) throw refuse(refusals.unauthorized);
      throw error;
    }
  },
});
