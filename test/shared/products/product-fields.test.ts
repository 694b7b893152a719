import { describe, expect, it } from "vitest";
import { DomainError } from "../../../shared/errors/domain-error.js";
import { createProductSchema, updateProductSchema } from "../../../shared/products/product.js";
import { validate } from "../../../shared/validation/validate.js";
import { acceptedProductValues } from "../../support/accepted-product-values.js";
import { invalidInput, refusalOf } from "../../support/refusals.js";

/**
 * The field rules of POST /products and POST /products/update/{id}, decided by the zod schemas alone.
 * Each refused value must give the exact message the v1 API shows. What needs the database or the
 * HTTP pipeline (a category that does not exist, JSON parse errors, `__proto__`, `1e400`, "No fields to
 * update", ownership, storage) and one case per rule family stay in
 * test/functions/v1-products/bad-input.stack.test.ts.
 */

/** One refused value of one field and the exact message it must produce. */
interface FieldCase {
  readonly field: string;
  readonly rule: string;
  readonly value: unknown;
  readonly message: string;
}

/** A 1 MB string: far above every field's limit. */
const huge = "x".repeat(1024 * 1024);
/** Marks a field the case leaves out of the body. */
const MISSING = Symbol("missing");

/** A complete, valid POST /products body, as test/support/products.ts builds it for HTTP tests. */
const validCreateBody = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  id_categories: 101,
  name: "Test product 1",
  meta_title: "Test product title",
  meta_description: "A product made by a test",
  tags: "test,keys",
  text_page: "A full description of the test product.",
  price: 1500,
  count: 10,
  uuid: "uuid-1",
  features: "instant,global,steam",
  ...overrides,
});

const withField = (base: Record<string, unknown>, field: string, value: unknown): Record<string, unknown> => {
  const body = { ...base };
  if (value === MISSING) delete body[field];
  else body[field] = value;
  return body;
};

const script = "<script>alert(1)</script>";

/** Refused values shared by create and update: wrong type, empty, out of range, huge, control characters, HTML. */
const fieldCases: readonly FieldCase[] = [
  // id_categories
  { field: "id_categories", rule: "as a string", value: "1", message: "Invalid category id" },
  { field: "id_categories", rule: "as an array", value: [1], message: "Invalid category id" },
  { field: "id_categories", rule: "as null", value: null, message: "Invalid category id" },
  { field: "id_categories", rule: "as a boolean", value: true, message: "Invalid category id" },
  { field: "id_categories", rule: "of 0", value: 0, message: "Invalid category id" },
  { field: "id_categories", rule: "negative", value: -1, message: "Invalid category id" },
  { field: "id_categories", rule: "fractional", value: 1.5, message: "Invalid category id" },
  { field: "id_categories", rule: "above 2^31-1", value: 2_147_483_648, message: "Invalid category id" },
  // price
  { field: "price", rule: "as a string", value: "100", message: "Invalid price" },
  { field: "price", rule: "as an array", value: [100], message: "Invalid price" },
  { field: "price", rule: "as null", value: null, message: "Invalid price" },
  { field: "price", rule: "of 0", value: 0, message: "Invalid price" },
  { field: "price", rule: "negative", value: -1, message: "Invalid price" },
  { field: "price", rule: "of 10000000", value: 10_000_000, message: "Invalid price" },
  { field: "price", rule: "fractional", value: 1.5, message: "Invalid price" },
  // count
  ...(
    [
      ["as a string", "5"],
      ["as an array", [5]],
      ["as null", null],
      ["negative", -1],
      ["of 10000001", 10_000_001],
      ["fractional", 1.5],
    ] as const
  ).map(([rule, value]) => ({
    field: "count",
    rule,
    value,
    message: "Invalid count: must be a whole number from 0 to 10000000",
  })),
  // discount
  ...(
    [
      ["as a string", "5"],
      ["as an array", [5]],
      ["as null", null],
      ["negative", -1],
      ["of 100", 100],
      ["fractional", 1.5],
    ] as const
  ).map(([rule, value]) => ({
    field: "discount",
    rule,
    value,
    message: "Invalid discount: must be a whole percentage from 0 to 99",
  })),
  // name
  { field: "name", rule: "as a number", value: 123, message: "Field 'name' must be a string" },
  { field: "name", rule: "as an array", value: ["Product"], message: "Field 'name' must be a string" },
  { field: "name", rule: "as null", value: null, message: "Field 'name' must be a string" },
  { field: "name", rule: "empty", value: "", message: "Field 'name' must not be empty" },
  { field: "name", rule: "only whitespace", value: "   ", message: "Field 'name' must not be empty" },
  {
    field: "name",
    rule: "of 2 characters",
    value: "ab",
    message: "Name must be between 3 and 255 characters",
  },
  {
    field: "name",
    rule: "of 2 characters after trimming",
    value: "  ab  ",
    message: "Name must be between 3 and 255 characters",
  },
  {
    field: "name",
    rule: "of 2 emoji (2 characters)",
    value: "🎮🎮",
    message: "Name must be between 3 and 255 characters",
  },
  {
    field: "name",
    rule: "of 256 characters",
    value: "n".repeat(256),
    message: "Name must be between 3 and 255 characters",
  },
  { field: "name", rule: "of 1 MB", value: huge, message: "Name must be between 3 and 255 characters" },
  {
    field: "name",
    rule: "with a NUL",
    value: "Bad\u0000name",
    message: "Field 'name' must not contain control characters",
  },
  {
    field: "name",
    rule: "with a line break",
    value: "Two\nlines",
    message: "Field 'name' must not contain control characters",
  },
  ...[
    { rule: "with a zero-width space", value: "Elden\u200b Ring" },
    { rule: "with a byte order mark inside", value: "Elden\ufeff Ring" },
    { rule: "with a soft hyphen", value: "El\u00adden Ring" },
    { rule: "with a word joiner", value: "Elden\u2060 Ring" },
    { rule: "of Hangul fillers only (a blank-looking name)", value: "\u3164\u3164\u3164" },
    { rule: "with tag characters outside a flag (hidden text)", value: "Elden Ring\u{e0041}\u{e0042}" },
    { rule: "with an interlinear annotation character", value: "Elden\ufff9 Ring" },
  ].map(({ rule, value }) => ({
    field: "name",
    rule,
    value,
    message: "Field 'name' must not contain control characters",
  })),
  {
    field: "name",
    rule: "with a <script> tag",
    value: `Product ${script}`,
    message: "Field 'name' must not contain HTML tags",
  },
  {
    field: "name",
    rule: "with a <b> tag",
    value: "Product <b>x</b>",
    message: "Field 'name' must not contain HTML tags",
  },
  // meta_title
  { field: "meta_title", rule: "as a number", value: 1, message: "Field 'meta_title' must be a string" },
  { field: "meta_title", rule: "as an array", value: ["t"], message: "Field 'meta_title' must be a string" },
  { field: "meta_title", rule: "empty", value: "", message: "Field 'meta_title' must not be empty" },
  {
    field: "meta_title",
    rule: "only whitespace",
    value: " \t ",
    message: "Field 'meta_title' must not be empty",
  },
  {
    field: "meta_title",
    rule: "of 256 characters",
    value: "t".repeat(256),
    message: "Field 'meta_title' must be at most 255 characters",
  },
  {
    field: "meta_title",
    rule: "of 1 MB",
    value: huge,
    message: "Field 'meta_title' must be at most 255 characters",
  },
  {
    field: "meta_title",
    rule: "with a line break",
    value: "Title\r\nInjected: yes",
    message: "Field 'meta_title' must not contain control characters",
  },
  {
    field: "meta_title",
    rule: "with DEL",
    value: "Title\u007f",
    message: "Field 'meta_title' must not contain control characters",
  },
  {
    field: "meta_title",
    rule: "with a <script> tag",
    value: `Title ${script}`,
    message: "Field 'meta_title' must not contain HTML tags",
  },
  {
    field: "meta_title",
    rule: "with a <b> tag",
    value: "Title <b>x</b>",
    message: "Field 'meta_title' must not contain HTML tags",
  },
  // meta_description
  {
    field: "meta_description",
    rule: "as a number",
    value: 1,
    message: "Field 'meta_description' must be a string",
  },
  {
    field: "meta_description",
    rule: "as an array",
    value: ["d"],
    message: "Field 'meta_description' must be a string",
  },
  {
    field: "meta_description",
    rule: "empty",
    value: "",
    message: "Field 'meta_description' must not be empty",
  },
  {
    field: "meta_description",
    rule: "only line breaks",
    value: "\n\n",
    message: "Field 'meta_description' must not be empty",
  },
  {
    field: "meta_description",
    rule: "of 1001 characters",
    value: "d".repeat(1001),
    message: "Field 'meta_description' must be at most 1000 characters",
  },
  {
    field: "meta_description",
    rule: "of 1 MB",
    value: huge,
    message: "Field 'meta_description' must be at most 1000 characters",
  },
  {
    field: "meta_description",
    rule: "with a BEL",
    value: "Ring \u0007 the bell",
    message: "Field 'meta_description' must not contain control characters",
  },
  {
    field: "meta_description",
    rule: "with a <script> tag",
    value: `About ${script}`,
    message: "Field 'meta_description' must not contain HTML tags",
  },
  {
    field: "meta_description",
    rule: "with a <b> tag",
    value: "About <b>x</b>",
    message: "Field 'meta_description' must not contain HTML tags",
  },
  {
    field: "meta_description",
    rule: "with an <IMG onerror> tag",
    value: "About <IMG SRC=x onerror=alert(1)>",
    message: "Field 'meta_description' must not contain HTML tags",
  },
  {
    field: "meta_description",
    rule: "with an HTML comment",
    value: "About <!-- hidden -->",
    message: "Field 'meta_description' must not contain HTML tags",
  },
  {
    field: "meta_description",
    rule: "with a tag whose quoted attribute holds a '<' (red-team #12 item 1)",
    value: 'About <img alt="<" src=x onerror=alert(1)>',
    message: "Field 'meta_description' must not contain HTML tags",
  },
  {
    field: "meta_description",
    rule: "with a tag left open at the end",
    value: "About <script src=//evil.example/x.js",
    message: "Field 'meta_description' must not contain HTML tags",
  },
  {
    field: "meta_description",
    rule: "with a processing instruction",
    value: "About <?xml version='1.0'?>",
    message: "Field 'meta_description' must not contain HTML tags",
  },
  // tags
  { field: "tags", rule: "as a number", value: 1, message: "Field 'tags' must be a string" },
  { field: "tags", rule: "as an array", value: ["a", "b"], message: "Field 'tags' must be a string" },
  { field: "tags", rule: "empty", value: "", message: "Field 'tags' must not be empty" },
  {
    field: "tags",
    rule: "of only commas",
    value: " , , ",
    message: "Field 'tags' must list at least one comma-separated value",
  },
  {
    field: "tags",
    rule: "of 1001 characters",
    value: "t".repeat(1001),
    message: "Field 'tags' must be at most 1000 characters",
  },
  { field: "tags", rule: "of 1 MB", value: huge, message: "Field 'tags' must be at most 1000 characters" },
  {
    field: "tags",
    rule: "with an ESC",
    value: "a,\u001bb",
    message: "Field 'tags' must not contain control characters",
  },
  {
    field: "tags",
    rule: "with a <script> tag",
    value: `a,${script}`,
    message: "Field 'tags' must not contain HTML tags",
  },
  {
    field: "tags",
    rule: "with a <b> tag",
    value: "<b>x</b>",
    message: "Field 'tags' must not contain HTML tags",
  },
  // text_page
  {
    field: "text_page",
    rule: "as a number",
    value: 1234567890,
    message: "Field 'text_page' must be a string",
  },
  { field: "text_page", rule: "as an array", value: ["t"], message: "Field 'text_page' must be a string" },
  { field: "text_page", rule: "empty", value: "", message: "Field 'text_page' must not be empty" },
  {
    field: "text_page",
    rule: "of 5 characters",
    value: "short",
    message: "Field 'text_page' must be at least 10 characters",
  },
  {
    field: "text_page",
    rule: "of 9 characters after trimming",
    value: "   123456789   ",
    message: "Field 'text_page' must be at least 10 characters",
  },
  {
    field: "text_page",
    rule: "of 20001 characters",
    value: "p".repeat(20_001),
    message: "Field 'text_page' must be at most 20000 characters",
  },
  {
    field: "text_page",
    rule: "of 1 MB",
    value: huge,
    message: "Field 'text_page' must be at most 20000 characters",
  },
  {
    field: "text_page",
    rule: "with a NUL",
    value: "A description\u0000 with NUL",
    message: "Field 'text_page' must not contain control characters",
  },
  {
    field: "text_page",
    rule: "with a <script> tag",
    value: `A description ${script}`,
    message: "Field 'text_page' must not contain HTML tags",
  },
  {
    field: "text_page",
    rule: "with a <b> tag",
    value: "A description with <b>x</b>",
    message: "Field 'text_page' must not contain HTML tags",
  },
  {
    field: "text_page",
    rule: "with a closing </div> tag",
    value: "A description</div>",
    message: "Field 'text_page' must not contain HTML tags",
  },
  // uuid
  { field: "uuid", rule: "as a number", value: 42, message: "Field 'uuid' must be a string" },
  { field: "uuid", rule: "as an array", value: ["u"], message: "Field 'uuid' must be a string" },
  { field: "uuid", rule: "empty", value: "", message: "Field 'uuid' must not be empty" },
  {
    field: "uuid",
    rule: "of 101 characters",
    value: "u".repeat(101),
    message: "Field 'uuid' must be at most 100 characters",
  },
  { field: "uuid", rule: "of 1 MB", value: huge, message: "Field 'uuid' must be at most 100 characters" },
  {
    field: "uuid",
    rule: "with a tab",
    value: "uuid\tx",
    message: "Field 'uuid' must not contain control characters",
  },
  {
    field: "uuid",
    rule: "with a <script> tag",
    value: `uuid-${script}`,
    message: "Field 'uuid' must not contain HTML tags",
  },
  {
    field: "uuid",
    rule: "with a <b> tag",
    value: "uuid-<b>x</b>",
    message: "Field 'uuid' must not contain HTML tags",
  },
  // features
  { field: "features", rule: "as a number", value: 3, message: "Field 'features' must be a string" },
  {
    field: "features",
    rule: "as an array",
    value: ["a", "b", "c"],
    message: "Field 'features' must be a string",
  },
  { field: "features", rule: "empty", value: "", message: "Field 'features' must not be empty" },
  {
    field: "features",
    rule: "of 2 values",
    value: "a,b",
    message: "Field 'features' must list at least 3 comma-separated values",
  },
  {
    field: "features",
    rule: "of 4 characters (shorter than any 3 values: the documented minLength 5)",
    value: "a,b,",
    message: "Field 'features' must list at least 3 comma-separated values",
  },
  {
    field: "features",
    rule: "of 2 values and empty items",
    value: "a,,b, ,",
    message: "Field 'features' must list at least 3 comma-separated values",
  },
  {
    field: "features",
    rule: "of 1001 characters",
    value: `a,b,${"c".repeat(997)}`,
    message: "Field 'features' must be at most 1000 characters",
  },
  {
    field: "features",
    rule: "of 1 MB",
    value: huge,
    message: "Field 'features' must be at most 1000 characters",
  },
  {
    field: "features",
    rule: "with a line break",
    value: "a,b,\nc",
    message: "Field 'features' must not contain control characters",
  },
  {
    field: "features",
    rule: "with a <script> tag",
    value: `a,b,${script}`,
    message: "Field 'features' must not contain HTML tags",
  },
  {
    field: "features",
    rule: "with a <b> tag",
    value: "a,b,<b>x</b>",
    message: "Field 'features' must not contain HTML tags",
  },
  // api_key (optional; may be cleared with "")
  { field: "api_key", rule: "as a number", value: 1, message: "Field 'api_key' must be a string" },
  { field: "api_key", rule: "as an array", value: ["k"], message: "Field 'api_key' must be a string" },
  {
    field: "api_key",
    rule: "of 256 characters",
    value: "k".repeat(256),
    message: "Field 'api_key' must be at most 255 characters",
  },
  {
    field: "api_key",
    rule: "of 1 MB",
    value: huge,
    message: "Field 'api_key' must be at most 255 characters",
  },
  {
    field: "api_key",
    rule: "with a NUL",
    value: "key\u0000",
    message: "Field 'api_key' must not contain control characters",
  },
];

/** api_url exists only on update. */
const apiUrlCases: readonly FieldCase[] = [
  { field: "api_url", rule: "as a number", value: 1, message: "Invalid API URL" },
  { field: "api_url", rule: "as an array", value: ["https://seller.example"], message: "Invalid API URL" },
  { field: "api_url", rule: "with an ftp scheme", value: "ftp://x", message: "Invalid API URL" },
  { field: "api_url", rule: "that is not a URL", value: "not a url", message: "Invalid API URL" },
  {
    field: "api_url",
    rule: "with a javascript scheme",
    value: "javascript:alert(1)",
    message: "Invalid API URL",
  },
  { field: "api_url", rule: "without a host", value: "http://", message: "Invalid API URL" },
  {
    field: "api_url",
    rule: "of 2049 characters",
    value: `https://seller.example/${"p".repeat(2026)}`,
    message: "Invalid API URL",
  },
  { field: "api_url", rule: "of 1 MB", value: huge, message: "Invalid API URL" },
];

/** Fields that a product may not set at all. */
const unknownFieldCases = (fields: readonly string[]): FieldCase[] =>
  fields.map((field) => ({
    field,
    rule: "is not a product field",
    value: field === "rating" ? 5 : "approved",
    message: `Field '${field}' is not allowed`,
  }));

const requiredFields = [
  "id_categories",
  "name",
  "meta_title",
  "meta_description",
  "tags",
  "text_page",
  "price",
  "count",
  "uuid",
  "features",
] as const;

const missingCases: readonly FieldCase[] = requiredFields.map((field) => ({
  field,
  rule: "left out",
  value: MISSING,
  message: `Field '${field}' is required`,
}));

/** api_url control characters: the URL parser would silently drop them, so the field refuses them first. */
const apiUrlControlCases: readonly FieldCase[] = [
  {
    field: "api_url",
    rule: "with a line break inside",
    value: "https://seller.example/hook\nX-Injected: 1",
    message: "Invalid API URL",
  },
  {
    field: "api_url",
    rule: "with a NUL inside",
    value: "https://seller.example/ho\u0000ok",
    message: "Invalid API URL",
  },
];

describe("createProductSchema (POST /products body) refuses bad input", () => {
  it.each(missingCases)("$field $rule is refused with $message", ({ field, value, message }) => {
    expect(refusalOf(createProductSchema, withField(validCreateBody(), field, value))).toEqual(
      invalidInput(field, message),
    );
  });

  it.each(fieldCases)("$field $rule is refused with $message", ({ field, value, message }) => {
    expect(refusalOf(createProductSchema, withField(validCreateBody(), field, value))).toEqual(
      invalidInput(field, message),
    );
  });

  it.each(unknownFieldCases(["rating", "status_moderation", "api_url", "id", "seller_id", "img"]))(
    "$field $rule on create and is refused with $message",
    ({ field, value, message }) => {
      expect(refusalOf(createProductSchema, withField(validCreateBody(), field, value))).toEqual(
        invalidInput(field, message),
      );
    },
  );

  it.each([
    { rule: "missing (undefined)", body: undefined },
    { rule: "a JSON array", body: [] },
    { rule: "a JSON string", body: "x" },
    { rule: "JSON null", body: null },
    { rule: "a JSON number", body: 42 },
  ])("a body that is $rule is refused with Request body must be a JSON object", ({ body }) => {
    expect(refusalOf(createProductSchema, body)).toEqual(
      invalidInput("", "Request body must be a JSON object"),
    );
  });

  it("an empty object is refused with the first required field, and every required field is listed", () => {
    let thrown: unknown;
    try {
      validate(createProductSchema, {});
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect(thrown).toMatchObject({
      kind: "invalid_input",
      code: "invalid_request",
      message: "Field 'id_categories' is required",
      details: {
        issues: requiredFields.map((field) => ({ field, message: `Field '${field}' is required` })),
      },
    });
  });

  // With a quadratic HTML scan a megabyte of "<a" takes minutes and this test times out; the length
  // check must stop validation first.
  it("a 1 MB meta_description of '<a' repeated is refused by its length, before any HTML scan", () => {
    // (Under the length limit it would be markup too: a browser reads "<a<a…" as one unclosed tag.)
    const body = validCreateBody({ meta_description: "<a".repeat(512 * 1024) });
    expect(refusalOf(createProductSchema, body)).toEqual(
      invalidInput("meta_description", "Field 'meta_description' must be at most 1000 characters"),
    );
  });
});

describe("createProductSchema (POST /products body) accepts valid input, Unicode included, unchanged", () => {
  const accepted = [
    ...acceptedProductValues,
    // Invisible characters that scripts and emoji need stay allowed in names.
    { rule: "a Persian name with a zero-width non-joiner", overrides: { name: "کلید بازی می\u200cخواهم" } },
    { rule: "a name with a ZWJ emoji sequence", overrides: { name: "Family pack 👨\u200d👩\u200d👧" } },
    { rule: "a name with an emoji variation selector", overrides: { name: "Gift card ❤\ufe0f" } },
    {
      rule: "a name with a subdivision flag (tag characters inside the flag)",
      overrides: { name: "Scotland key 🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}" },
    },
    {
      rule: "a mixed-direction name with a right-to-left mark",
      overrides: { name: "مفتاح\u200f Steam key" },
    },
    { rule: "features of exactly 3 one-letter values (5 characters)", overrides: { features: "a,b,c" } },
    {
      rule: "a 900-character text_page of '<1' repeated (every '<' checked for markup, none opens a tag)",
      overrides: { text_page: "<1".repeat(450) },
    },
  ];

  it.each(accepted)("$rule is accepted and parses to exactly the input", ({ overrides }) => {
    const body = validCreateBody(overrides);
    expect(validate(createProductSchema, body)).toEqual(body);
  });

  it("discount and api_key may be left out and stay absent (the service defaults them)", () => {
    const parsed = validate(createProductSchema, validCreateBody());
    expect(parsed.discount).toBeUndefined();
    expect(parsed.api_key).toBeUndefined();
    expect(parsed).toEqual(validCreateBody());
  });

  it("discount and api_key at their limits are accepted unchanged", () => {
    const body = validCreateBody({ discount: 99, api_key: "k".repeat(255) });
    expect(validate(createProductSchema, body)).toEqual(body);
  });
});

describe("updateProductSchema (POST /products/update/{id} body) refuses bad input", () => {
  it.each([...fieldCases, ...apiUrlCases, ...apiUrlControlCases])(
    "$field $rule is refused with $message",
    ({ field, value, message }) => {
      expect(refusalOf(updateProductSchema, { [field]: value })).toEqual(invalidInput(field, message));
    },
  );

  it.each(unknownFieldCases(["rating", "status_moderation", "id", "seller_id", "img", "name_key"]))(
    "$field $rule on update and is refused with $message",
    ({ field, value, message }) => {
      expect(refusalOf(updateProductSchema, { [field]: value })).toEqual(invalidInput(field, message));
    },
  );

  it.each([
    { rule: "a JSON array", body: [] },
    { rule: "a JSON string", body: "x" },
  ])("a body that is $rule is refused with Request body must be a JSON object", ({ body }) => {
    expect(refusalOf(updateProductSchema, body)).toEqual(
      invalidInput("", "Request body must be a JSON object"),
    );
  });
});

describe("updateProductSchema (POST /products/update/{id} body) accepts valid values unchanged", () => {
  it.each([
    { rule: "an https URL", api_url: "https://seller.example/hook" },
    { rule: "an http URL", api_url: "http://seller.example:8080/hook?x=1" },
    { rule: "an empty string (clears it)", api_url: "" },
  ])("api_url as $rule is accepted unchanged", ({ api_url }) => {
    expect(validate(updateProductSchema, { api_url })).toEqual({ api_url });
  });

  it("api_key as an empty string (clears it) is accepted unchanged", () => {
    expect(validate(updateProductSchema, { api_key: "" })).toEqual({ api_key: "" });
  });

  it("a Unicode name and text_page are accepted unchanged", () => {
    const body = { name: "Обновлённый ключ 🎮 更新版", text_page: "Описание: a < b, 游戏 — 🎁 подарок." };
    expect(validate(updateProductSchema, body)).toEqual(body);
  });

  it("an empty object passes the schema: 'No fields to update' is the service's answer, not the schema's", () => {
    expect(validate(updateProductSchema, {})).toEqual({});
  });
});
