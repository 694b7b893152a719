import { gzipSync } from "node:zlib";
import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { refuse } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { acceptsGzip } from "./file-response.js";

/** Answers from this size on are gzipped for a client that accepts it; smaller ones gain too little. */
export const COMPRESS_FROM_BYTES = 4096;
/**
 * The most a Lambda may answer API Gateway: 6 MB of response JSON (headers, and the body as a JSON
 * string, escapes included). Past it API Gateway would answer 500 with no word of why.
 */
export const LAMBDA_RESPONSE_LIMIT_BYTES = 6 * 1024 * 1024;

const tooLarge = () => refuse(refusals.responseTooLarge);

/**
 * A JSON answer as it leaves the Lambda: gzipped (as base64, which API Gateway decodes) when it is large
 * and the client accepts gzip, since neither Lambda nor API Gateway compresses; refused with a clear 422
 * if it would still not fit the Lambda's response limit, rather than lost as API Gateway's 500.
 */
export const encodeForClient = (
  response: APIGatewayProxyStructuredResultV2,
  acceptEncoding: string | undefined,
): APIGatewayProxyStructuredResultV2 => {
  const body = response.body ?? "";
  if (body.length < COMPRESS_FROM_BYTES) return response;
  const headers = { ...response.headers, vary: "accept-encoding" };
  if (acceptsGzip(acceptEncoding)) {
    const gzipped = gzipSync(body).toString("base64");
    if (gzipped.length > LAMBDA_RESPONSE_LIMIT_BYTES - 64 * 1024) throw tooLarge();
    return {
      ...response,
      headers: { ...headers, "content-encoding": "gzip" },
      body: gzipped,
      isBase64Encoded: true,
    };
  }
  // Each UTF-16 unit of a JSON body is at most 3 bytes once escaped again inside the response (a
  // quote or backslash 2, other text at most 3 in UTF-8): a body clearly short of the limit is not
  // measured; only a long one pays for the exact count.
  const mayExceed = body.length * 3 > LAMBDA_RESPONSE_LIMIT_BYTES - 64 * 1024;
  if (
    mayExceed &&
    Buffer.byteLength(JSON.stringify({ ...response, headers })) > LAMBDA_RESPONSE_LIMIT_BYTES
  ) {
    throw tooLarge();
  }
  return { ...response, headers };
};
