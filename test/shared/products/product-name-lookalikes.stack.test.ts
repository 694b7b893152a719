import { beforeAll, describe, expect, it } from "vitest";
import { createTestAccount, tokenFor } from "../../support/accounts.js";
import { request } from "../../support/http.js";
import { createProduct, createTestCategory, jsonHeaders, validProductBody } from "../../support/products.js";

/**
 * #12 item 7 through the API: a seller's product name that only looks like another of theirs is a
 * duplicate (409), and a name with an invisible character nothing needs is refused outright (400).
 */

const post = (token: string, path: string, body: unknown) =>
  request("POST", `/api/v1${path}`, { headers: jsonHeaders(token), body: JSON.stringify(body) });

const lookalikes = [
  { rule: "upper case", name: "ELDEN RING" },
  { rule: "a no-break space (NBSP)", name: "Elden\u00a0Ring" },
  { rule: "an ideographic space", name: "Elden\u3000Ring" },
  { rule: "a double space", name: "Elden  Ring" },
  { rule: "full-width letters", name: "Ｅｌｄｅｎ Ｒｉｎｇ" },
  { rule: "a byte order mark in front (trimmed)", name: "\ufeffElden Ring" },
  { rule: "a zero-width joiner", name: "Elden\u200d Ring" },
  { rule: "a zero-width non-joiner", name: "El\u200cden Ring" },
  { rule: "a left-to-right mark", name: "Elden Ring\u200e" },
  { rule: "a variation selector", name: "Elden Ring\ufe0f" },
  { rule: "full-width letters, NBSP and case together", name: "ｅＬＤＥＮ\u00a0ring" },
];

const strayInvisible = [
  { rule: "a zero-width space", name: "Elden\u200b Ring" },
  { rule: "a zero-width space inside a word", name: "El\u200bden Ring" },
  { rule: "a byte order mark inside", name: "Elden\ufeff Ring" },
  { rule: "a soft hyphen", name: "El\u00adden Ring" },
  { rule: "a word joiner", name: "Elden Ring\u2060" },
];

/** A new seller owning "Elden Ring" and "Another game": each block gets its own, so no case sees another's products. */
const sellerWithEldenRing = async (categoryId: number) => {
  const token = await tokenFor((await createTestAccount()).api_key, "v1");
  await createProduct(token, validProductBody(categoryId, { name: "Elden Ring" }));
  const otherId = await createProduct(token, validProductBody(categoryId, { name: "Another game" }));
  return { token, otherId };
};

const expectError = (response: { status: number; body: unknown }, status: number, message: string) =>
  expect({ status: response.status, body: response.body }).toEqual({
    status,
    body: { status: "error", message },
  });

/** The names of the seller's products, and how many there are. */
const productNames = async (token: string) => {
  const response = await request("GET", "/api/v1/products", {
    headers: { Authorization: `Bearer ${token}` },
  });
  const data = (response.body as { data: { products: { name: string }[]; pagination: { total: number } } })
    .data;
  return { total: data.pagination.total, names: data.products.map((p) => p.name).sort() };
};

let categoryId = 0;
beforeAll(async () => {
  categoryId = await createTestCategory();
});

describe("creating a product whose name looks like one the seller has is a duplicate (#12 item 7)", () => {
  let seller = { token: "", otherId: "" };
  beforeAll(async () => {
    seller = await sellerWithEldenRing(categoryId);
  });

  it.each(lookalikes)(
    "'Elden Ring' with $rule is refused with 409 Product with this name already exists",
    async ({ name }) => {
      const response = await post(seller.token, "/products", validProductBody(categoryId, { name }));
      expectError(response, 409, "Product with this name already exists");
    },
  );

  it("after the refusals the seller still has exactly its two products", async () => {
    expect(await productNames(seller.token)).toEqual({ total: 2, names: ["Another game", "Elden Ring"] });
  });
});

describe("renaming a product to a look-alike of another of the seller's names is a duplicate (#12 item 7)", () => {
  let seller = { token: "", otherId: "" };
  beforeAll(async () => {
    seller = await sellerWithEldenRing(categoryId);
  });

  it.each(lookalikes)(
    "'Elden Ring' with $rule is refused with 409 Product with this name already exists",
    async ({ name }) => {
      const response = await post(seller.token, `/products/update/${seller.otherId}`, { name });
      expectError(response, 409, "Product with this name already exists");
    },
  );

  it("after the refusals the renamed product keeps its name", async () => {
    expect(await productNames(seller.token)).toEqual({ total: 2, names: ["Another game", "Elden Ring"] });
  });
});

describe("a product name with an invisible character nothing needs is refused (#12 item 7)", () => {
  let seller = { token: "", otherId: "" };
  beforeAll(async () => {
    seller = await sellerWithEldenRing(categoryId);
  });

  it.each(strayInvisible)(
    "a name with $rule is refused with 400 Field 'name' must not contain control characters, on create and on rename",
    async ({ name }) => {
      const created = await post(seller.token, "/products", validProductBody(categoryId, { name }));
      expectError(created, 400, "Field 'name' must not contain control characters");
      const renamed = await post(seller.token, `/products/update/${seller.otherId}`, { name });
      expectError(renamed, 400, "Field 'name' must not contain control characters");
    },
  );

  it("after the refusals the seller still has exactly its two products, named as created", async () => {
    expect(await productNames(seller.token)).toEqual({ total: 2, names: ["Another game", "Elden Ring"] });
  });
});

describe("look-alike names are unique per seller only", () => {
  it("another seller may use a look-alike of a name the first seller has", async () => {
    await sellerWithEldenRing(categoryId);
    const other = await tokenFor((await createTestAccount()).api_key, "v1");
    const response = await post(
      other,
      "/products",
      validProductBody(categoryId, { name: "Ｅｌｄｅｎ Ｒｉｎｇ" }),
    );
    expect(response.status).toBe(200);
  });
});
