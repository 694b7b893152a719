import { describe, expect, it } from "vitest";
import { DomainError, type ErrorKind } from "../../../shared/errors/domain-error.js";
import { errorBody, statusOf } from "../../../shared/http/envelopes.js";

describe("domain errors in each API version's envelope", () => {
  it.each<[ErrorKind, number, number]>([
    ["bad_request", 400, 400],
    ["invalid_input", 400, 422],
    ["unauthenticated", 401, 401],
    ["forbidden", 403, 403],
    ["not_found", 404, 404],
    ["conflict", 409, 409],
    ["unprocessable", 422, 422],
    ["payload_too_large", 413, 413],
    ["rate_limited", 429, 429],
    ["dependency_failed", 500, 500],
    ["internal", 500, 500],
    ["not_implemented", 501, 501],
  ])("kind %s answers %i in v1 and %i in v2", (kind, v1, v2) => {
    expect(statusOf("v1", kind)).toBe(v1);
    expect(statusOf("v2", kind)).toBe(v2);
  });

  it("v1 shows only the message; v2 shows code, message, status and details", () => {
    const error = new DomainError("invalid_input", "invalid_request", "Field 'price' is required", {
      issues: [{ field: "price", message: "Field 'price' is required" }],
    });
    expect(errorBody("v1", error)).toEqual({ status: "error", message: "Field 'price' is required" });
    expect(errorBody("v2", error)).toEqual({
      ok: false,
      code: "invalid_request",
      message: "Field 'price' is required",
      http_status: 422,
      error: {
        code: "invalid_request",
        details: { issues: [{ field: "price", message: "Field 'price' is required" }] },
      },
    });
  });

  it("a v2 error without details carries only its code under error", () => {
    expect(
      errorBody("v2", new DomainError("conflict", "insufficient_balance", "Insufficient balance")),
    ).toEqual({
      ok: false,
      code: "insufficient_balance",
      message: "Insufficient balance",
      http_status: 409,
      error: { code: "insufficient_balance" },
    });
  });
});
