import { expect } from "vitest";
import type { DomainError } from "../../shared/errors/domain-error.js";
import { type EnvelopeKind, errorBody, statusOf, successBody } from "../../shared/http/envelopes.js";
import type { JsonResponse } from "../support/http.js";
import type { Outcome } from "./route-fixture.js";

/** An exact answer: status and body. */
export interface ExactAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** The exact answer a route of this envelope gives for a refusal, as the spec's envelopes spell it. */
export const refusal = (kind: EnvelopeKind, error: DomainError): ExactAnswer => ({
  status: statusOf(kind, error.kind),
  body: errorBody(kind, error),
});

/** v1's 401 and v2's, exactly. */
export const unauthorizedAnswer = (kind: EnvelopeKind): ExactAnswer =>
  kind === "v1"
    ? { status: 401, body: { status: "error", message: "Unauthorized" } }
    : {
        status: 401,
        body: {
          ok: false,
          code: "unauthorized",
          message: "Unauthorized",
          http_status: 401,
          error: { code: "unauthorized" },
        },
      };

/** Asserts an exact answer, naming the request in the failure. */
export const expectAnswer = (response: JsonResponse, expected: ExactAnswer, what: string): void => {
  expect({ status: response.status, body: response.body }, what).toEqual(expected);
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Asserts a 4xx in the route's error envelope when the exact refusal is not the point: v1 carries
 * exactly `status` and `message`; v2 `ok`, `code`, `message`, `http_status` equal to the status, and
 * `error` with the same code. No message carries a stack trace.
 */
export const expectRefusedInEnvelope = (kind: EnvelopeKind, response: JsonResponse, what: string): void => {
  expect(response.status, `${what}: ${response.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(response.status, `${what}: ${response.text.slice(0, 300)}`).toBeLessThan(500);
  const body = response.body;
  expect(isRecord(body), `${what}: body is a JSON object`).toBe(true);
  if (!isRecord(body)) return;
  expect(typeof body.message, `${what}: message`).toBe("string");
  expect(String(body.message), `${what}: message without internals`).not.toMatch(
    /\bat \w|Error:|node:|\.ts:\d/,
  );
  if (kind === "v1") {
    expect(Object.keys(body).sort(), `${what}: v1 error keys`).toEqual(["message", "status"]);
    expect(body.status, what).toBe("error");
    return;
  }
  expect(Object.keys(body).sort(), `${what}: v2 error keys`).toEqual([
    "code",
    "error",
    "http_status",
    "message",
    "ok",
  ]);
  expect(body.ok, what).toBe(false);
  expect(body.http_status, what).toBe(response.status);
  expect(typeof body.code, what).toBe("string");
  expect(isRecord(body.error) && body.error.code === body.code, `${what}: error.code is the code`).toBe(true);
};

/** Asserts a 2xx in the route's success envelope. */
export const expectSuccessInEnvelope = (kind: EnvelopeKind, response: JsonResponse, what: string): void => {
  expect(response.status, `${what}: ${response.text.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
  expect(response.status, `${what}: ${response.text.slice(0, 300)}`).toBeLessThan(300);
  const body = response.body;
  expect(isRecord(body), `${what}: body is a JSON object`).toBe(true);
  if (!isRecord(body)) return;
  if (kind === "v1") expect(Object.keys(body).sort(), what).toEqual(["data", "status"]);
  else expect(Object.keys(body).sort(), what).toEqual(["data", "meta", "ok"]);
};

/**
 * Whether a response is the outcome a fixture or oracle expects, as a description of the difference
 * (undefined when it is): exact answers compare status and body; "refused" is any 4xx in the
 * envelope, "accepted" any 2xx in it, "any" either. A 5xx never matches.
 */
export const mismatchOf = (
  kind: EnvelopeKind,
  response: JsonResponse,
  outcome: Outcome,
): string | undefined => {
  const exact =
    typeof outcome === "string"
      ? undefined
      : "error" in outcome
        ? refusal(kind, outcome.error)
        : { status: outcome.status ?? 200, body: successBody(kind, { data: outcome.data }) };
  try {
    if (exact) expect({ status: response.status, body: response.body }).toEqual(exact);
    else if (outcome === "refused" || response.status >= 300)
      expectRefusedInEnvelope(kind, response, "refused");
    else expectSuccessInEnvelope(kind, response, "accepted");
    return undefined;
  } catch {
    const wanted = exact ? `${exact.status} ${JSON.stringify(exact.body)}` : String(outcome);
    return `expected ${wanted.slice(0, 300)}, got ${response.status} ${response.text.slice(0, 300)}`;
  }
};
