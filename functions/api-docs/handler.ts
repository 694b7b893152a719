import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import * as refusals from "../../shared/errors/refusals.js";
import { fileResponse, textResponse } from "../../shared/http/file-response.js";
import type { ApiHandler } from "../../shared/http/group-handler.js";
import type { GatewayRouteKey } from "../../shared/http/routes.js";
import { logger } from "../../shared/observability/logger.js";
import { observedHandler } from "../../shared/observability/observed.js";
import {
  MissingReferenceFileError,
  type ReferenceFile,
  readReferenceFile,
} from "../../shared/reference/reference-files.js";
import { REFERENCE_PAGE_CSP, referencePage } from "../../shared/reference/reference-page.js";
import * as z from "../../shared/validation/zod-mini.js";

type Answer = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;

const file =
  (name: ReferenceFile, headers: Record<string, string>): Answer =>
  async (event) =>
    fileResponse(await readReferenceFile(name), event.headers["accept-encoding"], headers);

// Public documents: any origin's tools may fetch them; a rebuilt document reaches clients within minutes.
const documentHeaders = {
  "content-type": "application/json; charset=utf-8",
  "cache-control": "public, max-age=300",
  "access-control-allow-origin": "*",
};

const pageQuery = z.object({ api: z.optional(z.enum(["v1", "v2"])) });

const page: Answer = async (event) => {
  const query = pageQuery.safeParse(event.queryStringParameters ?? {});
  if (!query.success) return textResponse(400, "Parameter 'api' must be v1 or v2");
  return textResponse(200, referencePage(query.data.api ?? "v1"), {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": REFERENCE_PAGE_CSP,
    "referrer-policy": "no-referrer",
  });
};

/** Each route of the API reference, by route key: one answer for each route of the table, and no other. */
const answers: Readonly<Record<string, Answer>> = {
  "GET /api/v1/openapi.json": file("v1", documentHeaders),
  "GET /api/v2/openapi.json": file("v2", documentHeaders),
  "GET /docs": page,
  "GET /docs/redoc.standalone.js": file("redoc", {
    "content-type": "text/javascript; charset=utf-8",
    "cache-control": "public, max-age=86400",
  }),
} satisfies Record<GatewayRouteKey<"reference">, Answer>;

/**
 * The API reference (GET /docs, Redoc's script and both OpenAPI documents): files and a page for people
 * and tools, outside both APIs' envelopes.
 */
export const handler: ApiHandler = observedHandler(async (event: APIGatewayProxyEventV2) => {
  const answer = answers[event.routeKey];
  if (!answer) return textResponse(404, refusals.routeNotFound.message);
  try {
    return await answer(event);
  } catch (error) {
    if (!(error instanceof MissingReferenceFileError)) throw error;
    logger().error(error.message, { route: event.routeKey });
    return textResponse(500, error.message);
  }
});
