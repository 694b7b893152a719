import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";

/** A static file's text and the same text gzipped. */
export interface FileContent {
  readonly text: string;
  readonly gzipped: Buffer;
}

// Headers every file and page carries, as every API answer does: never sniffed, HTTPS kept for a year.
const securityHeaders = {
  "x-content-type-options": "nosniff",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
};

/** Whether an Accept-Encoding header admits gzip: listed (or `*`) without `q=0`. */
export const acceptsGzip = (acceptEncoding: string | undefined): boolean =>
  (acceptEncoding ?? "").split(",").some((entry) => {
    const [coding = "", ...parameters] = entry.split(";").map((part) => part.trim().toLowerCase());
    const refused = parameters.some((p) => /^q=0(\.0{0,3})?$/.test(p));
    return (coding === "gzip" || coding === "*") && !refused;
  });

/**
 * A static file as API Gateway returns it: gzipped (as base64, which API Gateway decodes) when the client
 * accepts it, since Lambda sends bodies uncompressed; `headers` add its content type and caching rule.
 */
export const fileResponse = (
  content: FileContent,
  acceptEncoding: string | undefined,
  headers: Record<string, string>,
): APIGatewayProxyStructuredResultV2 => {
  const gzip = acceptsGzip(acceptEncoding);
  return {
    statusCode: 200,
    headers: {
      ...headers,
      ...securityHeaders,
      vary: "accept-encoding",
      ...(gzip ? { "content-encoding": "gzip" } : {}),
    },
    body: gzip ? content.gzipped.toString("base64") : content.text,
    isBase64Encoded: gzip,
  };
};

/** A small text or HTML answer (a page, or a refusal a person reads) with the security headers. */
export const textResponse = (
  status: number,
  body: string,
  headers: Record<string, string> = { "content-type": "text/plain; charset=utf-8" },
): APIGatewayProxyStructuredResultV2 => ({
  statusCode: status,
  headers: { "cache-control": "no-cache", ...headers, ...securityHeaders },
  body,
});
