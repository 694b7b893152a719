import type { MiddlewareObj } from "@middy/core";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { refuse, worded } from "../../errors/refusal.js";
import * as refusals from "../../errors/refusals.js";
import type { ApiContext } from "../api-request.js";
import { bodyLimitText } from "../body-limits.js";

type Middleware = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext>;

/** Bytes a body carries, from its encoded length: base64 is measured without decoding it. */
const encodedSize = (body: string, base64: boolean): number =>
  base64
    ? Math.floor((body.length * 3) / 4) - (body.endsWith("==") ? 2 : body.endsWith("=") ? 1 : 0)
    : Buffer.byteLength(body, "utf8");

/**
 * Refuses a body over the route's limit with 413 before authentication or parsing spends anything on it,
 * then keeps the bytes for the checks that need them raw (a signature) and for the JSON parser.
 */
export const bodySize = (limitBytes: number): Middleware => ({
  name: "body-size",
  before: ({ event, context }) => {
    if (event.body === undefined || event.body === null || event.body === "") return;
    const base64 = event.isBase64Encoded === true;
    if (encodedSize(event.body, base64) > limitBytes)
      throw refuse(worded(refusals.payloadTooLarge, { limit: bodyLimitText(limitBytes) }));
    context.api.rawBody = Buffer.from(event.body, base64 ? "base64" : "utf8");
  },
});
