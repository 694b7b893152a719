import { beforeAll, describe, expect, it } from "vitest";
import { buildDocuments, documentedVersions } from "../../../infra/openapi/documents.js";
import { NEXT_CURSOR_HEADER } from "../../../infra/openapi/response-headers.js";
import { nextPageHeaders } from "../../../shared/validation/cursor-page.js";
import { operationsOf } from "./document-walk.js";

type Json = Record<string, unknown>;

let documents: Record<"v1" | "v2", Json>;

beforeAll(async () => {
  documents = await buildDocuments();
});

const operations = () =>
  documentedVersions.flatMap((version) =>
    operationsOf(documents[version]).map((walked) => ({ version, ...walked })),
  );

describe("the operations of both documents", () => {
  it("have operationIds unique across both documents, in camelCase", () => {
    const ids = operations().map(({ operation }) => operation.operationId as string);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ids.filter((id) => !/^[a-z][a-zA-Z]+$/.test(id))).toEqual([]);
    // The names a client's methods get, for a few routes of each API and a webhook.
    expect(ids).toEqual(
      expect.arrayContaining([
        "exchangeSellerApiKey",
        "exchangeResellerApiKey",
        "createProduct",
        "listOrders",
        "getProduct",
        "getPublicProduct",
        "buyProduct",
        "receivePaymentWebhook",
      ]),
    );
  });

  it("each have a description and one tag, which the document's top-level tags describe", () => {
    const problems = operations().flatMap(({ version, pointer, operation }) => {
      const tags = (documents[version].tags as { name: string; description: string }[]).map(
        (tag) => tag.name,
      );
      const own = (operation.tags ?? []) as string[];
      return [
        ...(typeof operation.description === "string" && operation.description.trim() !== ""
          ? []
          : [`${version} ${pointer}: no description`]),
        ...(own.length === 1 && tags.includes(own[0] ?? "") ? [] : [`${version} ${pointer}: tags ${own}`]),
      ];
    });
    expect(problems).toEqual([]);
  });

  it("use every top-level tag, and each tag has a description", () => {
    for (const version of documentedVersions) {
      const tags = documents[version].tags as { name: string; description: string }[];
      const used = new Set(
        operationsOf(documents[version]).flatMap(({ operation }) => operation.tags as string[]),
      );
      expect(tags.map((tag) => tag.name).filter((name) => !used.has(name))).toEqual([]);
      expect(tags.filter((tag) => tag.description.trim() === "")).toEqual([]);
    }
    expect((documents.v1.tags as { name: string }[]).map((tag) => tag.name)).toEqual([
      "Authentication",
      "Products",
      "Key stock",
      "Orders and delivery",
      "Account",
      "Reviews",
      "Payouts",
      "Webhooks",
    ]);
    expect((documents.v2.tags as { name: string }[]).map((tag) => tag.name)).toEqual([
      "Authentication",
      "Catalogue",
      "Purchases",
      "Orders",
      "Favorites",
      "Chat",
      "Disputes",
      "Reviews",
    ]);
  });
});

/** The declared headers of a response of an operation, by status. */
const headersOf = (version: "v1" | "v2", path: string, method: string, status: string) =>
  Object.keys(
    ((
      ((documents[version].paths as Record<string, Record<string, Json>>)[path]?.[method]?.responses ??
        {}) as Record<string, Json>
    )[status]?.headers ?? {}) as Json,
  );

describe("the named schemas", () => {
  it("name every request body (but plain text) and every success answer's data, or the items of a list", () => {
    const unnamed = operations().flatMap(({ version, pointer, operation }) => {
      const bodies = Object.entries(
        ((operation.requestBody as Json | undefined)?.content ?? {}) as Record<string, { schema: Json }>,
      )
        .filter(([type, { schema }]) => type !== "text/plain" && schema.$ref === undefined)
        .map(([type]) => `${version} ${pointer} body ${type}`);
      if (pointer.startsWith("#/webhooks/")) return bodies;
      const [, success] =
        Object.entries((operation.responses ?? {}) as Record<string, Json>).find(([status]) =>
          status.startsWith("2"),
        ) ?? [];
      const answer = ((success?.content ?? {}) as Record<string, { schema: { allOf: Json[] } }>)[
        "application/json"
      ]?.schema;
      const data = ((answer?.allOf[1]?.properties ?? {}) as Record<string, Json>).data ?? {};
      const named = data.$ref !== undefined || (data.items as Json | undefined)?.$ref !== undefined;
      return named ? bodies : [...bodies, `${version} ${pointer} data`];
    });
    expect(unnamed).toEqual([]);
  });
});

describe("the declared response headers", () => {
  it("X-Next-Cursor on the lists a cursor pages, and only there: the header the service writes", () => {
    expect(Object.keys(nextPageHeaders("next") ?? {})).toEqual([NEXT_CURSOR_HEADER.toLowerCase()]);
    const declared = operations()
      .filter(({ operation }) =>
        Object.values((operation.responses ?? {}) as Record<string, Json>).some(
          (response) => NEXT_CURSOR_HEADER in ((response.headers ?? {}) as Json),
        ),
      )
      .map(({ version, pointer }) => `${version} ${pointer}`);
    expect(declared.sort()).toEqual([
      "v1 #/paths/~1api~1v1~1orders/get",
      "v1 #/paths/~1api~1v1~1payout~1history/get",
      "v1 #/paths/~1api~1v1~1products~1keys~1{id}/get",
    ]);
  });

  it("Idempotent-Replayed on the success of the routes that take Idempotency-Key", () => {
    expect(headersOf("v2", "/api/v2/buy", "post", "201")).toEqual(["Idempotent-Replayed"]);
    expect(headersOf("v2", "/api/v2/gift", "post", "201")).toEqual(["Idempotent-Replayed"]);
  });

  it("Retry-After on every 429", () => {
    const tooMany = operations().flatMap(({ version, pointer, operation }) => {
      const response = ((operation.responses ?? {}) as Record<string, Json>)["429"];
      return response === undefined
        ? []
        : [{ at: `${version} ${pointer}`, headers: Object.keys(response.headers ?? {}) }];
    });
    expect(tooMany.length).toBeGreaterThan(0);
    expect(tooMany.filter(({ headers }) => !headers.includes("Retry-After"))).toEqual([]);
  });
});

describe("the error envelopes", () => {
  it("V2Error's code is the enum of every code the v2 document lists, and http_status an optional integer", () => {
    const error = (documents.v2.components as { schemas: Record<string, Json> }).schemas.V2Error as {
      properties: Record<string, Json & { properties?: Record<string, Json> }>;
      required: string[];
    };
    const listed = new Set(
      operationsOf(documents.v2).flatMap(({ operation }) =>
        Object.values((operation.responses ?? {}) as Record<string, Json>).flatMap((response) =>
          Object.values(
            ((response.content as Record<string, Json> | undefined)?.["application/json"]?.examples ??
              {}) as Record<string, { value: { code?: string } }>,
          ).flatMap(({ value }) => (value.code === undefined ? [] : [value.code])),
        ),
      ),
    );
    expect(error.properties.code?.enum).toEqual([...listed].sort());
    expect(error.properties.error?.properties?.code?.enum).toEqual([...listed].sort());
    expect(error.properties.http_status).toMatchObject({ type: "integer" });
    expect(error.required).not.toContain("http_status");
    expect(error.required).toEqual(expect.arrayContaining(["ok", "code", "message", "error"]));
  });

  it("V1Error is the message only", () => {
    const error = (documents.v1.components as { schemas: Record<string, Json> }).schemas.V1Error as Json;
    expect(Object.keys(error.properties as Json)).toEqual(["status", "message"]);
  });
});

describe("the parameters", () => {
  it("are integers where the service takes whole numbers, with the bounds its validators enforce", () => {
    const parameter = (version: "v1" | "v2", path: string, name: string) =>
      (
        (
          documents[version].paths as Record<
            string,
            Record<string, { parameters: { name: string; schema: Json }[] }>
          >
        )[path]?.get?.parameters ?? []
      ).find((p) => p.name === name)?.schema;
    expect(parameter("v2", "/api/v2/products/{seller_id}", "seller_id")).toEqual({
      type: "integer",
      minimum: 1,
      maximum: 9_999_999_999,
    });
    expect(parameter("v2", "/api/v2/search", "limit")).toMatchObject({
      type: "integer",
      minimum: 1,
      maximum: 100,
    });
    expect(parameter("v2", "/api/v2/search", "page")).toMatchObject({ type: "integer", minimum: 1 });
    expect(parameter("v1", "/api/v1/orders", "limit")).toMatchObject({
      type: "integer",
      minimum: 1,
      maximum: 1000,
    });
    expect(parameter("v1", "/api/v1/products", "limit")).toMatchObject({
      type: "integer",
      minimum: 1,
      maximum: 100,
    });
  });

  it("leave no path or query number written as a string of digits", () => {
    const digits = operations().flatMap(({ version, pointer, operation }) =>
      ((operation.parameters ?? []) as { name: string; in: string; schema: Json }[])
        .filter((parameter) => parameter.in === "path" || parameter.in === "query")
        .filter(({ schema }) => schema.type === "string" && /^\^\\d/.test(String(schema.pattern ?? "")))
        .map(({ name }) => `${version} ${pointer} ${name}`),
    );
    expect(digits).toEqual([]);
  });
});
