import type { RouteContract } from "../../shared/api/route-contract.js";
import { type Refusal, worded } from "../../shared/errors/refusal.js";
import * as refusals from "../../shared/errors/refusals.js";
import { bodyLimitText, JSON_BODY_LIMIT_BYTES, MAX_JSON_DEPTH } from "../../shared/http/body-limits.js";
import { statusOf } from "../../shared/http/envelopes.js";
import type { RouteDefinition } from "../../shared/http/routes.js";
import type { DocumentedVersion } from "./documented-version.js";
import { errorSchema, successSchema } from "./envelopes.js";
import type { JsonSchema } from "./json-schema.js";
import { retryAfterHeader } from "./response-headers.js";

const statusText: Record<number, string> = {
  200: "Success",
  201: "Created",
  400: "Bad request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  413: "Request body too large",
  422: "Unprocessable",
  429: "Too many requests",
  500: "Internal server error",
};

/** One refusal as a document shows it: the status its kind answers in the version, its code and message. */
export interface DocumentedError {
  readonly status: number;
  readonly code: string;
  readonly message: string;
}

/** A refusal as the version answers it. */
export const documented = (version: DocumentedVersion, refusal: Refusal): DocumentedError => ({
  status: statusOf(version, refusal.kind),
  code: refusal.code,
  message: refusal.message,
});

const errorExample = (version: DocumentedVersion, error: DocumentedError) =>
  version === "v1"
    ? { status: "error", message: error.message }
    : {
        ok: false,
        code: error.code,
        message: error.message,
        http_status: error.status,
        error: { code: error.code },
      };

/**
 * The schema failure a route's own input schema most plainly answers, as `validate` words it: its first
 * required member missing, else an unknown member of a strict object. A schema with neither (every member
 * optional, unknown ones ignored) has no message that fits every route: its contract lists its own.
 */
const schemaFailure = (schema: JsonSchema, noun: "Field" | "Parameter"): Refusal | undefined => {
  const required = (schema.required ?? []) as string[];
  if (required[0] !== undefined) return worded(refusals.fieldRequired, { noun, field: required[0] });
  if (schema.additionalProperties === false)
    return worded(refusals.fieldNotAllowed, { noun, field: "extra" });
  return undefined;
};

/**
 * The refusals every route of its kind answers, before its own: 401 without a valid token, the body's
 * size and JSON refusals, the first schema failure of its declared body or query, and the 500 any route
 * answers when something unexpected fails (its message names the request id, never the cause).
 */
export const pipelineErrors = (
  route: RouteDefinition,
  reads: { body: boolean; bodySchema?: JsonSchema; querySchema?: JsonSchema; maxBodyBytes?: number },
): Refusal[] => {
  const errors: Refusal[] = [];
  if (route.auth === "bearer") errors.push(refusals.unauthorized);
  if (reads.body) {
    errors.push(refusals.invalidJson, worded(refusals.jsonTooDeep, { levels: MAX_JSON_DEPTH }));
    errors.push(
      worded(refusals.payloadTooLarge, { limit: bodyLimitText(reads.maxBodyBytes ?? JSON_BODY_LIMIT_BYTES) }),
    );
  }
  for (const [schema, noun] of [
    [reads.bodySchema, "Field"],
    [reads.querySchema, "Parameter"],
  ] as const) {
    const failure = schema === undefined ? undefined : schemaFailure(schema, noun);
    if (failure !== undefined) errors.push(failure);
  }
  errors.push(worded(refusals.internalError, { requestId: "0f8e3c52-6f1a-4a4b-9d2e-7c1b5a3e9f60" }));
  return errors;
};

/**
 * An operation's responses: its success (the version's envelope around the route's `data`, with the
 * headers it may carry) and each status its refusals answer, with each refusal as an example.
 */
export const responsesOf = (
  version: DocumentedVersion,
  contract: RouteContract,
  answer: { data: JsonSchema; meta: JsonSchema | undefined; headers: Record<string, unknown> },
  errors: readonly DocumentedError[],
): Record<string, unknown> => {
  const { success } = contract;
  const successExample =
    version === "v1"
      ? { status: "success", data: success.example }
      : { ok: true, data: success.example, meta: success.metaExample ?? {} };
  const responses: Record<string, unknown> = {
    [String(success.status)]: {
      description: statusText[success.status] ?? "Success",
      ...(Object.keys(answer.headers).length === 0 ? {} : { headers: answer.headers }),
      content: {
        "application/json": {
          schema: successSchema(version, answer.data, answer.meta),
          example: successExample,
        },
      },
    },
  };
  const byStatus = new Map<number, DocumentedError[]>();
  for (const error of errors) byStatus.set(error.status, [...(byStatus.get(error.status) ?? []), error]);
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const examples: Record<string, unknown> = {};
    for (const error of list) {
      const name = `${error.code ?? "error"}: ${error.message}`.slice(0, 80);
      examples[name] = { summary: error.message, value: errorExample(version, error) };
    }
    responses[String(status)] = {
      description: statusText[status] ?? "Error",
      ...(status === 429 ? { headers: retryAfterHeader } : {}),
      content: { "application/json": { schema: errorSchema(version), examples } },
    };
  }
  return responses;
};
