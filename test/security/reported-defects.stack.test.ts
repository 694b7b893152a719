import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "../../shared/errors/domain-error.js";
import { JSON_BODY_LIMIT_BYTES, UPLOAD_BODY_LIMIT_BYTES } from "../../shared/http/body-limits.js";
import { type RouteDefinition, routeKey, routes, versionOf } from "../../shared/http/routes.js";
import { callbackSignature } from "../../shared/payments/callback-signature.js";
import { masterSecret } from "../../shared/runtime/master-secret.js";
import { deriveKeys } from "../../shared/secrets/derived-keys.js";
import { createTestSeller, PUBLISHING_TIMEOUT } from "../support/catalogue.js";
import { badRequest, payloadTooLarge } from "../support/expected-refusals.js";
import { type JsonResponse, request } from "../support/http.js";
import { createTestCategory, jsonHeaders, tinyPng, validProductBody } from "../support/products.js";
import { expectAnswer, refusal, unauthorizedAnswer } from "./expected-answers.js";
import { fixtureOf } from "./route-fixtures.js";
import { encodeForm, ownerOf } from "./route-requests.js";
import { createSecurityWorld, type SecurityWorld, visibleState } from "./security-world.js";

// Hand-picked hostile input from the twelve defects of issue #12, each against the fixed service:
// the exact refusal, in the route's envelope, and nothing the owners can see changed.

let world: SecurityWorld;
let before: Awaited<ReturnType<typeof visibleState>>;
let categoryId: number;

beforeAll(async () => {
  [world, categoryId] = await Promise.all([createSecurityWorld(), createTestCategory()]);
  before = await visibleState(world);
}, PUBLISHING_TIMEOUT);

const v1Error = (status: number, message: string) => ({ status, body: { status: "error", message } });
const post = (token: string, path: string, body: unknown) =>
  request("POST", path, { headers: jsonHeaders(token), body: JSON.stringify(body) });

/** Routes that read a JSON body, each with the body its fixture sends at a target that names nothing. */
const jsonRoutes = routes.filter((route) => fixtureOf(route).target !== undefined);
const jsonCases = jsonRoutes.map((route) => [routeKey(route), route] as const);

/** Sends raw bytes as the route's JSON body to its target, as its owner (and signed, for the payment callback). */
const sendRaw = (route: RouteDefinition, bytes: Buffer, withToken = true): Promise<JsonResponse> => {
  const fixture = fixtureOf(route);
  const owner = ownerOf(fixture, world);
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (owner && withToken) headers.Authorization = `Bearer ${owner[versionOf(route.group)]}`;
  if (fixture.signed) {
    headers["X-Payment-Signature"] = callbackSignature(
      Buffer.from(process.env.PAYMENT_CALLBACK_SECRET ?? "", "utf8"),
      bytes,
    );
  }
  return request(route.method, (fixture.target?.path ?? fixture.path)(world), { headers, body: bytes });
};

describe("#12 item 1: markup in product text", () => {
  const vectors = [
    '<img alt="<" src=x onerror=alert(1)>',
    "<svg/onload=alert(1)>",
    "</textarea><script>alert(1)</script>",
    "<!--><img src=x onerror=alert(1)>",
    '<?xml version="1.0"?><x/>',
    '<a href="javascript:alert(1)">click</a>',
    "<img src=x onerror=alert(1)",
  ];
  const fields = ["name", "meta_title", "meta_description", "text_page"];
  const cases = fields.flatMap((field) => vectors.map((vector) => ({ field, vector })));

  it.each(cases)(
    "$field = $vector is refused on create and update with 400 and stores nothing",
    async ({ field, vector }) => {
      const message = `Field '${field}' must not contain HTML tags`;
      const created = await post(
        world.seller.v1,
        "/api/v1/products",
        validProductBody(categoryId, { [field]: vector }),
      );
      expectAnswer(created, v1Error(400, message), "create");
      const updated = await post(world.seller.v1, `/api/v1/products/update/${world.product.id}`, {
        [field]: vector,
      });
      expectAnswer(updated, v1Error(400, message), "update");
    },
  );
});

describe("#12 item 2: oversized bodies are refused before anything reads them", () => {
  it.each(jsonCases)(
    "%s answers a body over its limit (256 KB unless it says otherwise) with 413 in its envelope, with a token or without",
    async (_key, route) => {
      const kind = versionOf(route.group);
      const limit = fixtureOf(route).bodyLimit ?? JSON_BODY_LIMIT_BYTES;
      const oversized = Buffer.from(JSON.stringify({ text: "A".repeat(limit) }), "utf8");
      const expected = refusal(kind, payloadTooLarge(limit));
      expectAnswer(await sendRaw(route, oversized, false), expected, "without a token");
      expectAnswer(await sendRaw(route, oversized, true), expected, "with the owner's token");
    },
  );

  it.each(
    routes
      .filter((route) => fixtureOf(route).form !== undefined)
      .map((route) => [routeKey(route), route] as const),
  )("%s answers an upload over 5 MB with 413 'Request body too large (max 5 MB)'", async (_key, route) => {
    const form = new FormData();
    form.set("img", new Blob([new Uint8Array(6 * 1024 * 1024)], { type: "image/png" }), "big.png");
    const encoded = await encodeForm(form);
    const response = await request(route.method, fixtureOf(route).path(world), {
      headers: { Authorization: `Bearer ${world.seller.v1}`, "Content-Type": encoded.contentType },
      body: encoded.body,
    });
    expectAnswer(
      response,
      v1Error(413, `Request body too large (max ${UPLOAD_BODY_LIMIT_BYTES / 1024 / 1024} MB)`),
      "upload",
    );
  });
});

describe("#12 item 6: invalid UTF-8 in a JSON body", () => {
  it.each(jsonCases)(
    "%s refuses invalid bytes inside a string with 400 Invalid JSON (the signed callback: 401)",
    async (_key, route) => {
      const json = JSON.stringify(fixtureOf(route).target?.body(world));
      // Inside the first string value: after its opening quote.
      const at = json.indexOf(':"') + 2;
      const bytes = Buffer.concat([
        Buffer.from(json.slice(0, at)),
        Buffer.from([0xff, 0xfe]),
        Buffer.from(json.slice(at)),
      ]);
      // A gateway passes a JSON body on as text, so invalid bytes arrive as U+FFFD: for the payment
      // callback those are not the bytes the provider signed, and the signature check refuses them first.
      const refused = fixtureOf(route).signed
        ? new DomainError("unauthenticated", "invalid_signature", "Invalid signature")
        : badRequest("Invalid JSON");
      expectAnswer(await sendRaw(route, bytes), refusal(versionOf(route.group), refused), "invalid UTF-8");
    },
  );
});

describe("#12 item 7: look-alike product names are duplicates", () => {
  const name = "Gold Steam Key";
  const duplicate = v1Error(409, "Product with this name already exists");

  it.each([
    { rule: "a no-break space", lookalike: "Gold\u00A0Steam Key" },
    { rule: "a double space", lookalike: "Gold  Steam Key" },
    { rule: "full-width letters", lookalike: "Ｇｏｌｄ Steam Key" },
    { rule: "another case and padding", lookalike: "  GOLD STEAM KEY " },
    { rule: "an ideographic space", lookalike: "Gold\u3000Steam Key" },
  ])("a name with $rule is refused with 409 on create and rename", async ({ lookalike }) => {
    const seller = await createTestSeller();
    await post(seller.v1, "/api/v1/products", validProductBody(categoryId, { name }));
    const other = await post(
      seller.v1,
      "/api/v1/products",
      validProductBody(categoryId, { name: "Silver Key" }),
    );
    const otherId = (other.body as { data: { id: string } }).data.id;
    expectAnswer(
      await post(seller.v1, "/api/v1/products", validProductBody(categoryId, { name: lookalike })),
      duplicate,
      "create",
    );
    expectAnswer(
      await post(seller.v1, `/api/v1/products/update/${otherId}`, { name: lookalike }),
      duplicate,
      "rename",
    );
  });

  it.each([
    { rule: "a zero-width space", lookalike: "Gold\u200BSteam Key" },
    { rule: "a soft hyphen", lookalike: "Gold Ste\u00ADam Key" },
    { rule: "a byte-order mark", lookalike: "Gold Steam\uFEFF Key" },
  ])("a name with $rule is refused as control characters", async ({ lookalike }) => {
    const response = await post(
      world.seller.v1,
      "/api/v1/products",
      validProductBody(categoryId, { name: lookalike }),
    );
    expectAnswer(response, v1Error(400, "Field 'name' must not contain control characters"), "create");
  });
});

describe("#12 items 8 and 12: api_url at internal addresses or with credentials is refused when saved", () => {
  const urls = [
    "http://169.254.169.254/latest/meta-data/",
    "http://0xA9FEA9FE/",
    "http://2852039166/",
    "http://[::ffff:169.254.169.254]/",
    "http://[::ffff:a9fe:a9fe]/",
    "https://user:pass@example.com/hook",
    "https://token@example.com/hook",
    "http://10.0.0.1/",
    "http://[fd00::1]/",
    "http://[2001::1]/",
    "http://[2002:a9fe:a9fe::1]/",
    "file:///etc/passwd",
    "gopher://example.com/",
  ];

  it.each(urls)("%s is refused with 400 Invalid API URL on the profile and on a product", async (url) => {
    const invalid = v1Error(400, "Invalid API URL");
    expectAnswer(await post(world.seller.v1, "/api/v1/seller/profile", { api_url: url }), invalid, "profile");
    expectAnswer(
      await post(world.seller.v1, `/api/v1/products/update/${world.product.id}`, { api_url: url }),
      invalid,
      "product",
    );
  });
});

describe("#12 item 9: the order detail's id is no marketplace-wide counter", () => {
  it("is the order's unguessable id for orders the service takes now", async () => {
    for (const order of [world.order, world.paidGuestOrder, world.waitingGuestOrder]) {
      const response = await request("GET", `/api/v1/orders/info/${order}`, {
        headers: { Authorization: `Bearer ${world.seller.v1}` },
      });
      expect((response.body as { data: { id: string; id_order: string } }).data).toMatchObject({
        id: order,
        id_order: order,
      });
    }
  });
});

describe("#12 item 10: images with HTML appended, and the security headers", () => {
  const withHtml = Buffer.concat([tinyPng, Buffer.from("<script>alert(document.domain)</script>")]);
  const upload = async (path: string, productId?: string) => {
    const form = new FormData();
    if (productId) form.set("id_product", productId);
    form.set("img", new Blob([new Uint8Array(withHtml)], { type: "image/png" }), "x.png");
    const encoded = await encodeForm(form);
    return request("POST", path, {
      headers: { Authorization: `Bearer ${world.seller.v1}`, "Content-Type": encoded.contentType },
      body: encoded.body,
    });
  };

  it("a PNG with a script appended is refused with 400 Invalid image format for a product and a store", async () => {
    expectAnswer(
      await upload("/api/v1/products/img", world.product.id),
      v1Error(400, "Invalid image format"),
      "product",
    );
    expectAnswer(await upload("/api/v1/seller/img"), v1Error(400, "Invalid image format"), "store");
  });

  it("answers of every kind carry nosniff and HSTS", async () => {
    const answers = await Promise.all([
      request("GET", "/api/v1/orders"),
      request("GET", "/api/v2/balance"),
      request("GET", "/api/v1/no/such/route"),
      request("POST", "/api/v2/buy", { headers: jsonHeaders(world.reseller.v2), body: "{" }),
      request("POST", "/api/v1/products", {
        headers: jsonHeaders(world.seller.v1),
        body: "A".repeat(300_000),
      }),
      request("GET", "/api/v2/balance", { headers: { Authorization: `Bearer ${world.reseller.v2}` } }),
    ]);
    for (const answer of answers) {
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    }
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 404, 400, 413, 200]);
  });
});

describe("#12 item 12: a token older than one lifetime is refused whatever its exp", () => {
  it.each(["v1", "v2"] as const)(
    "a %s token issued two hours ago with a day left is 401",
    async (version) => {
      const now = Math.floor(Date.now() / 1000);
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(String(world.seller.id))
        .setIssuer("marketplace")
        .setAudience(`marketplace-api-${version}`)
        .setIssuedAt(now - 2 * 3600)
        .setExpirationTime(now + 24 * 3600)
        .sign(deriveKeys(await masterSecret()).tokenSigning);
      const path = version === "v1" ? "/api/v1/seller" : "/api/v2/balance";
      const response = await request("GET", path, { headers: { Authorization: `Bearer ${token}` } });
      expectAnswer(response, unauthorizedAnswer(version), version);
    },
  );
});

describe("after every hand-picked case", () => {
  it("everything the owners can see, the product and the storefront orders are unchanged", async () => {
    expect(await visibleState(world)).toEqual(before);
  });
});
