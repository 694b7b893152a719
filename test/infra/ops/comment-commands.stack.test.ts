import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../../shared/ids/ids.js";
import { productService } from "../../../shared/runtime/dependencies.js";
import {
  createPublicCategory,
  createTestSeller,
  PUBLISHING_TIMEOUT,
  publishProduct,
  type TestSeller,
  uploadImage,
  v2Get,
} from "../../support/catalogue.js";
import { runOps, usageError } from "../../support/ops-cli.js";
import { createProduct, validProductBody } from "../../support/products.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

interface PrintedComment {
  comment_id: string;
  product_id: string;
  rating: number;
  text: string;
  created_at: string;
}

describe("ops CLI: comment add", { timeout: PUBLISHING_TIMEOUT }, () => {
  let seller: TestSeller;
  let category: number;

  beforeAll(async () => {
    [seller, category] = await Promise.all([createTestSeller(), createPublicCategory()]);
  }, PUBLISHING_TIMEOUT);

  const commentsOf = async (productId: string) => {
    const response = await v2Get(seller.v2, `/api/v2/comment/${productId}`);
    return { status: response.status, body: response.body };
  };

  it("exits 0, prints exactly {comment_id, product_id, rating, text, created_at}, and GET /comment shows it", async () => {
    const product = await publishProduct(seller, category);
    const before = Date.now();
    const result = await runOps([
      "comment",
      "add",
      "--product",
      product.id,
      "--rating",
      "4",
      "--text",
      "Fast delivery",
    ]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as PrintedComment;
    expect(Object.keys(printed)).toEqual(["comment_id", "product_id", "rating", "text", "created_at"]);
    expect(printed).toStrictEqual({
      comment_id: expect.stringMatching(UUID),
      product_id: product.id,
      rating: 4,
      text: "Fast delivery",
      created_at: expect.stringMatching(ISO_TIME),
    });
    const at = Date.parse(printed.created_at);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now());

    expect(await commentsOf(product.id)).toStrictEqual({
      status: 200,
      body: {
        ok: true,
        data: [{ rating: 4, text: "Fast delivery", created_at: printed.created_at }],
        meta: { page: 1, limit: 20, total: 1 },
      },
    });
  });

  it("trims the text and keeps line breaks inside it", async () => {
    const product = await publishProduct(seller, category);
    const result = await runOps([
      "comment",
      "add",
      "--product",
      product.id,
      "--rating",
      "5",
      "--text",
      "  Line one\nLine two  ",
    ]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as PrintedComment).text).toBe("Line one\nLine two");
    expect((await commentsOf(product.id)).body).toMatchObject({
      data: [{ rating: 5, text: "Line one\nLine two" }],
    });
  });

  it("accepts the lowest and the highest rating, 1 and 5", async () => {
    const product = await publishProduct(seller, category);
    for (const rating of ["1", "5"]) {
      const result = await runOps([
        "comment",
        "add",
        "--product",
        product.id,
        "--rating",
        rating,
        "--text",
        "Fine",
      ]);
      expect(result.code, rating).toBe(0);
      expect((JSON.parse(result.stdout) as PrintedComment).rating).toBe(Number(rating));
    }
    expect((await commentsOf(product.id)).body).toMatchObject({ meta: { total: 2 } });
  });

  it("refuses bad ratings, missing options, HTML and control characters with one line on stderr and exit 2, storing nothing", async () => {
    const product = await publishProduct(seller, category);
    const add = (...args: string[]) => ["comment", "add", ...args];
    const cases: [string[], string][] = [
      [
        add("--product", product.id, "--rating", "0", "--text", "Hi"),
        '--rating must be a whole number from 1 to 5, got "0"',
      ],
      [
        add("--product", product.id, "--rating", "6", "--text", "Hi"),
        '--rating must be a whole number from 1 to 5, got "6"',
      ],
      [
        add("--product", product.id, "--rating", "2.5", "--text", "Hi"),
        '--rating must be a whole number from 1 to 5, got "2.5"',
      ],
      [
        add("--product", product.id, "--rating", "five", "--text", "Hi"),
        '--rating must be a whole number from 1 to 5, got "five"',
      ],
      [
        add("--product", product.id, "--rating=-1", "--text", "Hi"),
        '--rating must be a whole number from 1 to 5, got "-1"',
      ],
      [add("--product", product.id, "--text", "Hi"), "--rating is required"],
      [add("--product", product.id, "--rating", "3"), "--text is required"],
      [add("--rating", "3", "--text", "Hi"), "--product is required"],
      [add("--product", product.id, "--rating", "3", "--text", "Hi", "extra"), 'unexpected argument "extra"'],
      [
        add("--product", product.id, "--rating", "3", "--text", "<b>Great</b> product"),
        "Field 'text' must not contain HTML tags",
      ],
      [
        add("--product", product.id, "--rating", "3", "--text", "<script>alert(1)</script>"),
        "Field 'text' must not contain HTML tags",
      ],
      [
        add("--product", product.id, "--rating", "3", "--text", "Bell\u0007here"),
        "Field 'text' must not contain control characters",
      ],
      [
        add("--product", product.id, "--rating", "3", "--text", "Escape\u001b[31m red"),
        "Field 'text' must not contain control characters",
      ],
      [add("--product", product.id, "--rating", "3", "--text", "   "), "Field 'text' must not be empty"],
      [
        add("--product", product.id, "--rating", "3", "--text", "x".repeat(1001)),
        "Field 'text' must be at most 1000 characters",
      ],
    ];
    const results = await Promise.all(
      cases.map(async ([args]) => {
        const result = await runOps(args);
        return { args: args.join(" "), code: result.code, stdout: result.stdout, stderr: result.stderr };
      }),
    );
    expect(results).toStrictEqual(
      cases.map(([args, message]) => ({
        args: args.join(" "),
        code: 2,
        stdout: "",
        stderr: usageError(message, "comment add --product <id> --rating <1-5> --text <text>"),
      })),
    );
    expect(await commentsOf(product.id)).toStrictEqual({
      status: 200,
      body: { ok: true, data: [], meta: { page: 1, limit: 20, total: 0 } },
    });
  });

  it("an unknown option is a usage error (exit 2)", async () => {
    const product = await publishProduct(seller, category);
    const result = await runOps([
      "comment",
      "add",
      "--product",
      product.id,
      "--rating",
      "3",
      "--text",
      "Hi",
      "--stars",
      "5",
    ]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      usageError("unknown option --stars", "comment add --product <id> --rating <1-5> --text <text>"),
    );
  });

  it("an unknown or malformed product exits 1 with 'Product <id> not found'", async () => {
    for (const id of [newId(), "not-an-id"]) {
      const result = await runOps(["comment", "add", "--product", id, "--rating", "3", "--text", "Hello"]);
      expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }, id).toStrictEqual({
        code: 1,
        stdout: "",
        stderr: `Product ${id} not found\n`,
      });
    }
  });

  it("a product that is not public yet can be commented on by the operator, and shows once it is public", async () => {
    const draft = await createProduct(seller.v1, validProductBody(category));
    const result = await runOps([
      "comment",
      "add",
      "--product",
      draft,
      "--rating",
      "2",
      "--text",
      "Early note",
    ]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as PrintedComment;
    expect((await commentsOf(draft)).status).toBe(404);

    await uploadImage(seller.v1, draft);
    await productService().approve(draft);
    expect(await commentsOf(draft)).toStrictEqual({
      status: 200,
      body: {
        ok: true,
        data: [{ rating: 2, text: "Early note", created_at: printed.created_at }],
        meta: { page: 1, limit: 20, total: 1 },
      },
    });
  });
});
