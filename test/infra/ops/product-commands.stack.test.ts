import { beforeAll, describe, expect, it } from "vitest";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { newId } from "../../../shared/ids/ids.js";
import { createProductRepository } from "../../../shared/products/product-repository.js";
import { createTestAccount, tokenFor } from "../../support/accounts.js";
import { request } from "../../support/http.js";
import { runOps, usageError } from "../../support/ops-cli.js";
import { createProduct, createTestCategory, validProductBody } from "../../support/products.js";

/** The flags as stored; no seller endpoint shows them. */
const storedFlags = async (id: string) => {
  const product = await createProductRepository(createDocumentClient(), requireEnv("TABLE_NAME")).get(id);
  if (!product) throw new Error(`product ${id} not found in the table`);
  return {
    gift_available: product.gift_available,
    comment_status: product.comment_status,
    comment_regex: product.comment_regex,
  };
};

const fetchInfo = async (token: string, id: string): Promise<{ status_moderation: string }> => {
  const response = await request("GET", `/api/v1/products/info/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (response.body as { data: { product: { status_moderation: string } } }).data.product;
};

describe("ops CLI: product set and reject", () => {
  let token: string;
  let categoryId: number;

  beforeAll(async () => {
    const account = await createTestAccount();
    token = await tokenFor(account.api_key, "v1");
    categoryId = await createTestCategory();
  });

  it("product set with all three flags exits 0 and prints exactly {id, gift_available, comment_status, comment_regex}", async () => {
    const id = await createProduct(token, validProductBody(categoryId));
    const result = await runOps([
      "product",
      "set",
      id,
      "--gift-available",
      "1",
      "--comment-status",
      "1",
      "--comment-regex",
      "^[A-Z]{3}$",
    ]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toStrictEqual({
      id,
      gift_available: 1,
      comment_status: 1,
      comment_regex: "^[A-Z]{3}$",
    });
    expect(await storedFlags(id)).toEqual({
      gift_available: 1,
      comment_status: 1,
      comment_regex: "^[A-Z]{3}$",
    });
  });

  it("product set with only one flag changes that flag and keeps the others", async () => {
    const id = await createProduct(token, validProductBody(categoryId));
    const all = await runOps([
      "product",
      "set",
      id,
      "--gift-available",
      "1",
      "--comment-status",
      "1",
      "--comment-regex",
      "^\\d+$",
    ]);
    expect(all.code).toBe(0);
    const one = await runOps(["product", "set", id, "--comment-status", "0"]);
    expect(one.stderr).toBe("");
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout)).toStrictEqual({
      id,
      gift_available: 1,
      comment_status: 0,
      comment_regex: "^\\d+$",
    });
    expect(await storedFlags(id)).toEqual({ gift_available: 1, comment_status: 0, comment_regex: "^\\d+$" });
  });

  it("product set refuses bad arguments with one line on stderr, exit 2, and stores nothing", async () => {
    const id = await createProduct(token, validProductBody(categoryId));
    const cases: [string[], string][] = [
      [["product", "set", id, "--gift-available", "2"], '--gift-available must be 0 or 1, got "2"'],
      [["product", "set", id], "give at least one of --gift-available, --comment-status, --comment-regex"],
      [["product", "set", id, "--comment-regex", "(["], "comment regex is not a valid regular expression"],
      [["product", "set", "--gift-available", "1"], "product id is required"],
    ];
    for (const [args, message] of cases) {
      const result = await runOps(args);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toBe(
        usageError(
          message,
          "product set <id> [--gift-available 0|1] [--comment-status 0|1] [--comment-regex <re>]",
        ),
      );
    }
    expect(await storedFlags(id)).toEqual({ gift_available: 0, comment_status: 0, comment_regex: "" });
  });

  it("product set on an unknown product exits 1 with 'Product <id> not found'", async () => {
    const unknown = newId();
    const result = await runOps([
      "product",
      "set",
      unknown,
      "--gift-available",
      "1",
      "--comment-status",
      "0",
      "--comment-regex",
      ".*",
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(`Product ${unknown} not found\n`);
  });

  it("product approve refuses a pending product that has no image, with exit 1, and leaves it pending", async () => {
    const id = await createProduct(token, validProductBody(categoryId));
    // A content update sends even an image-less product to moderation, as the spec says.
    const update = await request("POST", `/api/v1/products/update/${id}`, {
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ meta_title: "A new title" }),
    });
    expect(update.status).toBe(200);
    const result = await runOps(["product", "approve", id]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(`Product ${id} has no image and cannot be approved\n`);
    expect((await fetchInfo(token, id)).status_moderation).toBe("pending");
  });

  it("product reject without --reason exits 2 with '--reason is required' and leaves the product as it was", async () => {
    const id = await createProduct(token, validProductBody(categoryId));
    const result = await runOps(["product", "reject", id]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(usageError("--reason is required", "product reject <id> --reason <text>"));
    const info = await fetchInfo(token, id);
    expect(info.status_moderation).toBe("draft");
  });
});
