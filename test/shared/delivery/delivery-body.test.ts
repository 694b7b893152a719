import { describe, expect, it } from "vitest";
import { deliveryBodySchema } from "../../../shared/delivery/delivery-service.js";
import { validate } from "../../../shared/validation/validate.js";
import { refusalOf } from "../../support/refusals.js";

// POST /orders/delivery/{token} body: a download that is not an https link is refused by the schema with
// the spec's 422 (its own kind, not a schema failure's 400), before the token is looked up.

const INVALID_DOWNLOAD = {
  kind: "unprocessable",
  code: "invalid_request",
  message: "Invalid download URL",
  firstIssue: { field: "download", message: "Invalid download URL" },
  fieldsNamed: ["download"],
};

describe("deliveryBodySchema refuses a download that is not an https link with 422 Invalid download URL", () => {
  it.each([
    { rule: "an http link", download: "http://files.example/key.txt" },
    { rule: "an ftp link", download: "ftp://files.example/key.txt" },
    { rule: "not a URL", download: "not a url" },
    { rule: "2049 characters", download: `https://files.example/${"a".repeat(2049 - 22)}` },
    { rule: "a link with a tab", download: "https://files.example/k\tey" },
    { rule: "true", download: true },
    { rule: "a number", download: 1 },
    { rule: "an object", download: { url: "https://files.example/k" } },
  ])("download as $rule", ({ download }) => {
    expect(refusalOf(deliveryBodySchema, { text: "KEY", download })).toEqual(INVALID_DOWNLOAD);
  });

  it("a text problem is named first, as a schema failure (400 in v1)", () => {
    expect(refusalOf(deliveryBodySchema, { text: "", download: "http://x.example" }).message).toBe(
      "Field 'text' is required",
    );
  });
});

describe("deliveryBodySchema accepts a download that is an https link, or none", () => {
  it.each([
    { rule: "an https link", download: "https://files.example/key.txt" },
    { rule: "2048 characters", download: `https://files.example/${"a".repeat(2048 - 22)}` },
    { rule: "HTTPS in capitals", download: "HTTPS://files.example/key.txt" },
    { rule: "empty", download: "" },
    { rule: "false", download: false },
    { rule: "null", download: null },
  ])("download as $rule passes as sent", ({ download }) => {
    expect(validate(deliveryBodySchema, { text: "KEY", download })).toEqual({ text: "KEY", download });
  });
});
