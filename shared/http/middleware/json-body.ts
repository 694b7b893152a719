import type { MiddlewareObj } from "@middy/core";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { refuse, worded } from "../../errors/refusal.js";
import * as refusals from "../../errors/refusals.js";
import { type ApiContext, header } from "../api-request.js";
import { MAX_JSON_DEPTH } from "../body-limits.js";
import { nestsDeeperThan } from "../json-depth.js";

type Middleware = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext>;

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const RAW_TYPES = /^(multipart\/|image\/|application\/octet-stream)/;
const TEXT_TYPE = /^text\/plain(;|$)/;

/** Whether a body declared with this content type is text or a multipart form: what a code upload reads raw. */
export const isTextOrFileUpload = (contentType: string | undefined): boolean => {
  const type = contentType?.toLowerCase() ?? "";
  return TEXT_TYPE.test(type) || type.startsWith("multipart/");
};
const REPLACEMENT_CHARACTER = "\uFFFD";

/**
 * Parses the body the body-size middleware kept as JSON, unless it is declared as an upload. Runs after
 * authentication, so an anonymous caller never gets a body parsed. With `whateverTheType`, a body
 * declared as an upload is parsed as JSON too: for a route that reads no upload (the payment callback,
 * whose signed bytes are the contract, not the header), a stray content type changes nothing. With
 * `text`, a `text/plain` body is the route's to read as well.
 */
export const jsonBody = (options: { whateverTheType?: boolean; text?: boolean } = {}): Middleware => ({
  name: "json-body",
  before: ({ event, context }) => {
    const raw = context.api.rawBody;
    if (raw === undefined || raw.length === 0) return;
    const contentType = header(event, "content-type")?.toLowerCase() ?? "";
    // Uploads stay raw for their route to read. Anything else is JSON, including curl's `-d` default
    // of application/x-www-form-urlencoded, because both APIs speak only JSON.
    if (!options.whateverTheType && RAW_TYPES.test(contentType)) return;
    // A route that reads text (a code upload) keeps a text/plain body raw too; every other route reads
    // one as JSON, as before.
    if (options.text && TEXT_TYPE.test(contentType)) return;
    let text: string;
    try {
      // Invalid UTF-8 is refused rather than silently turned into replacement characters.
      text = strictUtf8.decode(raw);
    } catch {
      throw refuse(refusals.invalidJson);
    }
    // A text body reaches us already decoded by the gateway, which turns invalid bytes into U+FFFD; the
    // character itself is what those bytes left, so it is refused too (JSON's `\ufffd` escape still passes).
    if (!event.isBase64Encoded && text.includes(REPLACEMENT_CHARACTER)) throw refuse(refusals.invalidJson);
    if (text.trim() === "") return;
    if (nestsDeeperThan(raw, MAX_JSON_DEPTH)) {
      throw refuse(worded(refusals.jsonTooDeep, { levels: MAX_JSON_DEPTH }));
    }
    try {
      context.api.body = JSON.parse(text);
    } catch {
      throw refuse(refusals.invalidJson);
    }
  },
});
