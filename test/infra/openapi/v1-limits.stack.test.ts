import { randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import { generate } from "otplib";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../../infra/ops/seed-demo.js";
import { DomainError } from "../../../shared/errors/domain-error.js";
import { referenceFiles } from "../../../shared/reference/reference-files.js";
import { categoryService } from "../../../shared/runtime/dependencies.js";
import { createTestAccount, tokenFor } from "../../support/accounts.js";
import { type JsonResponse, request } from "../../support/http.js";
import { jsonHeaders } from "../../support/products.js";
import {
  allows,
  type DocumentedLimit,
  documentedLimits,
  edgeOf,
  type Json,
  limitName,
  requestExamples,
} from "./v1-limit-edges.js";

// Every limit the Seller API v1 document states for a JSON body member or a query parameter, probed at
// its edge against the stack: the first value outside it is refused (4xx in the v1 envelope), and the
// first value inside it is not refused as that one was (it succeeds, or is refused for something else:
// a missing order, a wrong wallet). So the documents and the validators cannot disagree. The bodies are
// the document's own examples, one member changed, sent against seed-demo's data.

const PREFIX = "/api/v1";
const document = JSON.parse(readFileSync(referenceFiles.v1, "utf8")) as Json;
const limits = documentedLimits(document, PREFIX);
const examples = requestExamples(document, PREFIX);

/** Ids that name nothing: an operation sent with one answers 404 once its input passed the schema. */
const UNKNOWN_ID = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
const UNKNOWN_DELIVERY_TOKEN = "A".repeat(43);

/**
 * Limits whose first value inside is still refused with the words of the value outside, for a reason
 * that says nothing against the document.
 */
const sameRefusalInside = (limit: DocumentedLimit): string | undefined =>
  limit.name === "cursor" && limit.keyword === "maxLength"
    ? "a cursor is a sealed token the service issued: any other value, of any length, is Invalid cursor"
    : undefined;

let token: string;
let totpSecret: string;
/** The product the POST /products example created: the target of the update's probes. */
let exampleProduct: JsonResponse;
/** A product of the seller's for the key stock's probes (an upload makes it a key product). */
let keyProduct: string;

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
/** Random letters, so that padded names and uuids are the seller's only ones. */
const pad = (length: number): string =>
  Array.from({ length }, () => LETTERS[randomInt(LETTERS.length)]).join("");

/** The seller's current authenticator code: a payout's other members are probed with a valid one. */
const liveCode = (): Promise<string> =>
  generate({ secret: totpSecret, epoch: Math.floor(Date.now() / 1000) });

const operationKey = (limit: Pick<DocumentedLimit, "method" | "path">): string =>
  `${limit.method} ${limit.path}`;

/** The operation's example body, with what must be the seller's own each time made so. */
const baseBody = async (key: string): Promise<Json> => {
  const body: Json = { ...(examples.get(key) ?? {}) };
  if (key === "POST /api/v1/products") {
    body.name = `${String(body.name)} ${pad(8)}`;
    body.uuid = `${String(body.uuid)}-${pad(8)}`;
  }
  if ("cod" in body) body.cod = await liveCode();
  return body;
};

/** What a limit's edge values are made from: the member's example, in its operation or another. */
const seedOf = async (limit: DocumentedLimit): Promise<unknown> => {
  if (limit.name === "cod") return liveCode();
  const own = examples.get(operationKey(limit))?.[limit.name];
  if (own !== undefined) return own;
  for (const example of examples.values()) if (limit.name in example) return example[limit.name];
  return undefined;
};

/** The operation's path: the seller's own product where a limit needs one, else ids that name nothing. */
const pathOf = (template: string): string => {
  const own: Record<string, string> = {
    "/api/v1/products/update/{id}": dataOf(exampleProduct).id as string,
    "/api/v1/products/keys/{id}": keyProduct,
    "/api/v1/products/keys/withdraw/{id}": keyProduct,
  };
  return template.replace(
    /\{(\w+)\}/g,
    (_, name: string) => own[template] ?? (name === "token" ? UNKNOWN_DELIVERY_TOKEN : UNKNOWN_ID),
  );
};

const dataOf = (response: JsonResponse): Json => ((response.body as { data?: Json }).data ?? {}) as Json;

/** Sends the limit's operation with `value` as its member or parameter, the rest as the example has it. */
const send = async (limit: DocumentedLimit, value: unknown): Promise<JsonResponse> => {
  const path = pathOf(limit.path);
  if (limit.in === "query") {
    const query = new URLSearchParams({ [limit.name]: String(value) });
    return request(limit.method, `${path}?${query}`, { headers: { Authorization: `Bearer ${token}` } });
  }
  const body = { ...(await baseBody(operationKey(limit))), [limit.name]: value };
  return request(limit.method, path, { headers: jsonHeaders(token), body: JSON.stringify(body) });
};

const preview = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}…(${text.length} characters)` : text;
};

/** A v1 refusal: a 4xx with the error envelope and its message. */
const refusalOf = (response: JsonResponse): string | undefined => {
  const body = response.body as { status?: unknown; message?: unknown } | undefined;
  return response.status >= 400 &&
    response.status < 500 &&
    body?.status === "error" &&
    typeof body.message === "string"
    ? body.message
    : undefined;
};

/** What is wrong at one limit's edge: nothing when the outside value is refused and the inside one is not refused alike. */
const problemsAt = async (limit: DocumentedLimit): Promise<string[]> => {
  const name = limitName(limit);
  const edge = edgeOf(limit, await seedOf(limit), pad);
  if (!edge) return [];
  const problems: string[] = [];
  // The probe values say what the document says, or the comparison would prove nothing.
  if (edge.outside === undefined || allows(limit.schema, edge.outside))
    problems.push(`${name}: the document allows the value meant to be outside it, ${preview(edge.outside)}`);
  for (const value of edge.inside)
    if (!allows(limit.schema, value)) problems.push(`${name}: the document refuses ${preview(value)}`);
  if (problems.length > 0) return problems;
  const outside = await send(limit, edge.outside);
  const refused = refusalOf(outside);
  if (refused === undefined) {
    problems.push(
      `${name}: ${preview(edge.outside)} was not refused: ${outside.status} ${outside.text.slice(0, 200)}`,
    );
    return problems;
  }
  for (const value of edge.inside) {
    const inside = await send(limit, value);
    if (inside.status >= 500)
      problems.push(`${name}: ${preview(value)} failed: ${inside.status} ${inside.text}`);
    else if (inside.status === outside.status && refusalOf(inside) === refused && !sameRefusalInside(limit))
      problems.push(
        `${name}: ${preview(value)}, inside it, was refused like ${preview(edge.outside)}: "${refused}"`,
      );
  }
  return problems;
};

beforeAll(async () => {
  // The examples name seed-demo's data (category 101); the category id's own bounds need categories
  // with the first and the last id to exist, so the id's existence is not what answers.
  await seedDemo();
  // They stay: what other files send is answered alike with or without them (the security suite's
  // POST /products target keeps a taken name, test/security/v1-route-fixtures.ts).
  for (const id of [1, 2_147_483_647]) {
    try {
      await categoryService().create({ id, name: `Category ${id}`, slug: `category-${id}` });
    } catch (error) {
      if (!(error instanceof DomainError && error.kind === "conflict")) throw error;
    }
  }
  const account = await createTestAccount();
  totpSecret = account.totp_secret;
  token = await tokenFor(account.api_key, "v1");
  exampleProduct = await request("POST", "/api/v1/products", {
    headers: jsonHeaders(token),
    body: JSON.stringify(examples.get("POST /api/v1/products")),
  });
  const key = await request("POST", "/api/v1/products", {
    headers: jsonHeaders(token),
    body: JSON.stringify(await baseBody("POST /api/v1/products")),
  });
  keyProduct = dataOf(key).id as string;
});

describe("the v1 document's request examples", () => {
  it("create a product from the POST /products example against seed-demo's categories", () => {
    expect({ status: exampleProduct.status, message: dataOf(exampleProduct).message }).toEqual({
      status: 200,
      message: "Product created",
    });
  });

  it("name, among the limits they state, every limit the spec's Limits table gives for v1", () => {
    const named = limits.map(
      (limit) => `${operationKey(limit)} ${limit.name} ${limit.keyword} ${JSON.stringify(limit.limit)}`,
    );
    expect(named).toEqual(
      expect.arrayContaining([
        "POST /api/v1/products name minLength 3",
        "POST /api/v1/products name maxLength 255",
        "POST /api/v1/products text_page minLength 10",
        "POST /api/v1/products price minimum 1",
        "POST /api/v1/products price maximum 9999999",
        "POST /api/v1/products features minLength 5",
        "POST /api/v1/products count minimum 0",
        "POST /api/v1/seller/profile name minLength 3",
        "POST /api/v1/seller/profile name maxLength 100",
        "POST /api/v1/seller/profile description minLength 10",
        "POST /api/v1/seller/profile description maxLength 1000",
        'POST /api/v1/seller/profile api_url format "uri"',
        "POST /api/v1/payout amount minimum 1000",
        "POST /api/v1/payout amount maximum 1000000",
        'POST /api/v1/payout cod pattern "^\\\\d{6}$"',
        "GET /api/v1/products page minimum 1",
        'POST /api/v1/orders/delivery/{token} download format "uri"',
      ]),
    );
  });
});

describe.each([...new Set(limits.map(operationKey))])("%s: each documented limit at its edge", (key) => {
  it("refuses the first value outside it, and not the first value inside it alike", async () => {
    const problems: string[] = [];
    for (const limit of limits.filter((l) => operationKey(l) === key))
      problems.push(...(await problemsAt(limit)));
    expect(problems).toEqual([]);
  });
});
