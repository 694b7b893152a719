import { describe, expect, it } from "vitest";
import { documentedLimits, type InputDocument, probesOf } from "./documented-limits.js";

const at = { method: "POST", path: "/api/v2/x", place: "body" as const, field: "f" };
const edges = (schema: unknown, document: InputDocument = { paths: {} }) =>
  probesOf(document, at, schema).map(({ limit, outside, inside }) => ({ limit, outside, inside }));

describe("the edges of a documented limit", () => {
  it("are one character, one unit or one hundredth past each bound, and the bound itself", () => {
    expect(edges({ type: "string", minLength: 1, maxLength: 3 })).toEqual([
      { limit: "minLength 1", outside: [""], inside: ["x"] },
      { limit: "maxLength 3", outside: ["xxxx"], inside: ["xxx"] },
    ]);
    expect(edges({ type: "integer", minimum: 1, maximum: 100 })).toEqual([
      { limit: "minimum 1", outside: [0], inside: [1] },
      { limit: "maximum 100", outside: [101], inside: [100] },
    ]);
    expect(edges({ type: "number", minimum: 0, maximum: 9.99 })).toEqual([
      { limit: "minimum 0", outside: [-0.01], inside: [0] },
      { limit: "maximum 9.99", outside: [10], inside: [9.99] },
    ]);
  });

  it("of a const or an enum are the neighbours or near-misses of its values", () => {
    expect(edges({ type: "integer", const: 1 })).toEqual([
      { limit: "const 1", outside: [0, 2], inside: [1] },
    ]);
    expect(edges({ type: "string", enum: ["open", "close"] })).toEqual([
      { limit: "enum open|close", outside: ["openx", "OPEN"], inside: ["open", "close"] },
    ]);
  });

  it("of a nullable field are its non-null branch's, and a $ref is followed", () => {
    const document = { paths: {}, components: { schemas: { Text: { type: "string", maxLength: 2 } } } };
    expect(edges({ anyOf: [{ $ref: "#/components/schemas/Text" }, { type: "null" }] }, document)).toEqual([
      { limit: "maxLength 2", outside: ["xxx"], inside: ["xx"] },
    ]);
    expect(edges({ type: ["string", "null"], maxLength: 2 })).toEqual([
      { limit: "maxLength 2", outside: ["xxx"], inside: ["xx"] },
    ]);
  });

  it("of a day are the last day of a February and the first day after it, checked against its pattern", () => {
    expect(edges({ type: "string", format: "date", pattern: "^\\d{4}-\\d{2}-\\d{2}$" })).toEqual([
      { limit: "format date", outside: ["2026-02-29", "2026-2-28"], inside: ["2026-02-28", "2024-02-29"] },
    ]);
    // A pattern the samples contradict is an error, not a probe that proves nothing.
    expect(() => edges({ type: "string", format: "date", pattern: "^\\d{4}-\\d{2}-\\d{2}Z$" })).toThrow(
      "samples 2026-02-28, 2024-02-29 disagree with format date, pattern",
    );
  });

  it("are refused outright for a pattern with no sample values, so no limit goes unprobed", () => {
    expect(() => edges({ type: "string", pattern: "^[a-z]+$" })).toThrow(
      "POST /api/v2/x f: no probe values for pattern ^[a-z]+$",
    );
  });
});

describe("documentedLimits", () => {
  it("lists each operation's query and body limits with its path parameters and body example", () => {
    const document: InputDocument = {
      paths: {
        "/api/v2/chat/{chat_id}": {
          get: { parameters: [{ name: "page", in: "query", schema: { type: "integer", minimum: 1 } }] },
          post: {
            requestBody: {
              content: {
                "application/json": {
                  schema: { type: "object", properties: { message: { type: "string", minLength: 1 } } },
                  example: { message: "hi" },
                },
              },
            },
          },
        },
        "/api/v1/orders": { get: { parameters: [{ name: "limit", in: "query", schema: { minimum: 1 } }] } },
      },
    };
    expect(documentedLimits(document, "/api/v2/")).toEqual([
      {
        method: "GET",
        path: "/api/v2/chat/{chat_id}",
        pathParameters: ["chat_id"],
        bodyExample: undefined,
        probes: [
          {
            method: "GET",
            path: "/api/v2/chat/{chat_id}",
            place: "query",
            field: "page",
            limit: "minimum 1",
            outside: [0],
            inside: [1],
          },
        ],
      },
      {
        method: "POST",
        path: "/api/v2/chat/{chat_id}",
        pathParameters: ["chat_id"],
        bodyExample: { message: "hi" },
        probes: [
          {
            method: "POST",
            path: "/api/v2/chat/{chat_id}",
            place: "body",
            field: "message",
            limit: "minLength 1",
            outside: [""],
            inside: ["x"],
          },
        ],
      },
    ]);
  });
});
