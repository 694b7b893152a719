import { refuse } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import type { ApiRequest } from "./api-request.js";

/** The calling account of an authenticated route; the auth middleware guarantees it, this keeps the type honest. */
export const callerId = (request: ApiRequest<unknown>): number => {
  if (!request.principal) throw refuse(refusals.unauthorized);
  return request.principal.accountId;
};

/** A path parameter as API Gateway passed it; a missing one is an empty string, which matches nothing. */
export const pathParameter = (request: ApiRequest<unknown>, name: string): string =>
  request.event.pathParameters?.[name] ?? "";
