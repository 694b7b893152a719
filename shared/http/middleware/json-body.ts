import type { MiddlewareObj } from "@middy/core";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { badRequest } from "../../errors/domain-error.js";
import { type ApiContext, header } from "../api-request.js";

type Middleware = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext>;

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const RAW_TYPES = /^(multipart\/|image\/|application\/octet-stream)/;

/** Reads the body (base64 when API Gateway says so) and parses it as JSON unless it is declared as something else. */
export const jsonBody = (): Middleware => ({
  name: "json-body",
  before: ({ event, context }) => {
    if (event.body === undefined || event.body === null || event.body === "") return;
    const raw = Buffer.from(event.body, event.isBase64Encoded ? "base64" : "utf8");
    context.api.rawBody = raw;
    const contentType = header(event, "content-type")?.toLowerCase() ?? "";
    // Uploads stay raw for their route to read. Anything else is JSON, including curl's `-d` default
    // of application/x-www-form-urlencoded, because both APIs speak only JSON.
    if (RAW_TYPES.test(contentType)) return;
    let text: string;
    try {
      // Invalid UTF-8 is refused rather than silently turned into replacement characters.
      text = strictUtf8.decode(raw);
    } catch {
      throw badRequest("Invalid JSON");
    }
    if (text.trim() === "") return;
    try {
      context.api.body = JSON.parse(text);
    } catch {
      throw badRequest("Invalid JSON");
    }
  },
});
