import { describe, expect, it } from "vitest";
import { profileUpdateSchema } from "../../../shared/accounts/seller-profile.js";
import { validate } from "../../../shared/validation/validate.js";
import { invalidInput, type Refusal, refusalOf } from "../../support/refusals.js";

/**
 * The POST /seller/profile body rules, decided by `profileUpdateSchema` alone: every refused value with
 * the exact message v1 shows, and what an accepted value becomes. One case per rule family, the storage
 * round trips, "No valid data to update" (the service's), JSON parse errors and ownership stay in
 * test/functions/v1-seller/handler.stack.test.ts.
 */

const NAME_LENGTH_MESSAGE = "Name must be between 3 and 100 characters";
const DANGEROUS_NAME_MESSAGE = "Name must not contain any of < > \" ' ` ; & { }";
const NAME_CONTROL_MESSAGE = "Name must not contain control characters";
const SHORT_DESCRIPTION_MESSAGE = "Description too short (min 10)";
const LONG_DESCRIPTION_MESSAGE = "Description too long (max 1000)";

const refusal = (input: unknown): Refusal => refusalOf(profileUpdateSchema, input);

/** Wraps text in `levels` layers of HTML entity encoding. */
const entityEncode = (text: string, levels: number): string => {
  let encoded = text;
  for (let i = 0; i < levels; i++) {
    encoded = encoded.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }
  return encoded;
};

describe("profileUpdateSchema: name", () => {
  it.each([
    { rule: "of 2 characters", name: "ab" },
    { rule: "of 2 characters after trimming", name: "   ab   " },
    { rule: "that is empty", name: "" },
    { rule: "of 101 characters", name: "n".repeat(101) },
    { rule: "as a number", name: 12345 },
    { rule: "as null", name: null },
    { rule: "as an array", name: ["Store"] },
  ])(`a name $rule is refused with '${NAME_LENGTH_MESSAGE}'`, ({ name }) => {
    expect(refusal({ name })).toEqual(invalidInput("name", NAME_LENGTH_MESSAGE));
  });

  it.each(["<", ">", '"', "'", "`", ";", "&", "{", "}"])(
    `a name with %s is refused with '${DANGEROUS_NAME_MESSAGE}'`,
    (character) => {
      expect(refusal({ name: `Key${character}Shop` })).toEqual(invalidInput("name", DANGEROUS_NAME_MESSAGE));
    },
  );

  it(`a name with an HTML tag is refused with '${DANGEROUS_NAME_MESSAGE}'`, () => {
    expect(refusal({ name: "<b>Shop</b>" })).toEqual(invalidInput("name", DANGEROUS_NAME_MESSAGE));
  });

  it.each([
    { rule: "a NUL", name: "Key\u0000Shop" },
    { rule: "a line break", name: "Key\nShop" },
    { rule: "a tab", name: "Key\tShop" },
    { rule: "DEL", name: "Key\u007fShop" },
    { rule: "a right-to-left override", name: "Key\u202eShop" },
    { rule: "a line separator", name: "Key\u2028Shop" },
  ])(`a name with $rule is refused with '${NAME_CONTROL_MESSAGE}'`, ({ name }) => {
    expect(refusal({ name })).toEqual(invalidInput("name", NAME_CONTROL_MESSAGE));
  });

  it.each([
    { rule: "surrounded by spaces is trimmed", name: "  Trimmed Shop  ", parsed: "Trimmed Shop" },
    { rule: "of exactly 3 characters is kept", name: "abc", parsed: "abc" },
    { rule: "of exactly 100 characters is kept", name: "n".repeat(100), parsed: "n".repeat(100) },
    { rule: "in Cyrillic with emoji is kept", name: "Магазин ключей 🎮", parsed: "Магазин ключей 🎮" },
  ])("a name $rule", ({ name, parsed }) => {
    expect(validate(profileUpdateSchema, { name })).toEqual({ name: parsed });
  });
});

describe("profileUpdateSchema: description", () => {
  it.each([
    { rule: "of 9 characters", description: "too short" },
    { rule: "that is empty", description: "" },
    { rule: "of 1 character after trimming", description: "          x         " },
    { rule: "as a number", description: 1234567890 },
    { rule: "as null", description: null },
  ])(`a description $rule is refused with '${SHORT_DESCRIPTION_MESSAGE}'`, ({ description }) => {
    expect(refusal({ description })).toEqual(invalidInput("description", SHORT_DESCRIPTION_MESSAGE));
  });

  it(`a description of 4 characters once its markup is stripped is refused with '${SHORT_DESCRIPTION_MESSAGE}'`, () => {
    expect(refusal({ description: "<b>tiny</b><script>alert('long enough')</script>" })).toEqual(
      invalidInput("description", SHORT_DESCRIPTION_MESSAGE),
    );
  });

  it(`a description of 1001 characters is refused with '${LONG_DESCRIPTION_MESSAGE}'`, () => {
    expect(refusal({ description: "d".repeat(1001) })).toEqual(
      invalidInput("description", LONG_DESCRIPTION_MESSAGE),
    );
  });

  it(`a raw description over 10000 characters is refused with '${LONG_DESCRIPTION_MESSAGE}' before any stripping`, () => {
    expect(refusal({ description: `<b>${"d".repeat(9994)}</b>` })).toEqual(
      invalidInput("description", LONG_DESCRIPTION_MESSAGE),
    );
  });

  it("a description with a NUL is refused with 'Description must not contain control characters'", () => {
    expect(refusal({ description: "Instant keys\u0000 for you" })).toEqual(
      invalidInput("description", "Description must not contain control characters"),
    );
  });

  it("descriptions of exactly 10 and exactly 1000 characters are accepted unchanged", () => {
    expect(validate(profileUpdateSchema, { description: "ten chars!" })).toEqual({
      description: "ten chars!",
    });
    const thousand = "d".repeat(1000);
    expect(validate(profileUpdateSchema, { description: thousand })).toEqual({ description: thousand });
  });

  it("markup does not count towards the length: 1000 characters inside tags are accepted as the 1000 characters", () => {
    const text = "t".repeat(1000);
    expect(validate(profileUpdateSchema, { description: `<div><b><i>${text}</i></b></div>` })).toEqual({
      description: text,
    });
  });

  it("HTML tags, attributes and the content of script and style elements are stripped", () => {
    const description =
      '<p onclick="x()">Instant <b>Steam</b> keys</p><script>alert("x")</script><style>p{}</style><img src=x onerror=alert(1)>';
    expect(validate(profileUpdateSchema, { description })).toEqual({ description: "Instant Steam keys" });
  });

  it("plain-text punctuation (& < >) and line breaks are kept as typed", () => {
    const description = "Tom & Jerry: 5 < 6 and 7 > 3.\nSecond line";
    expect(validate(profileUpdateSchema, { description })).toEqual({ description });
  });

  it.each([1, 2, 3, 4, 5, 6, 7])(
    "a script tag under %i layer(s) of entity encoding is stripped, leaving only the text",
    (levels) => {
      const description = entityEncode("<script>alert(1)</script> hello world", levels);
      expect(validate(profileUpdateSchema, { description })).toEqual({ description: "hello world" });
    },
  );
});

describe("profileUpdateSchema: api_url", () => {
  it.each([
    { rule: "that is not a URL", api_url: "not a url" },
    { rule: "that is a relative path", api_url: "/relative/hook" },
    { rule: "without a scheme", api_url: "shop.example/hook" },
    { rule: "with an ftp scheme", api_url: "ftp://shop.example/hook" },
    { rule: "with a javascript scheme", api_url: "javascript:alert(1)" },
    { rule: "with a file scheme", api_url: "file:///etc/passwd" },
    { rule: "without a host", api_url: "http://" },
    { rule: "with a line break inside", api_url: "https://shop.example/\nhook" },
    { rule: "of 2121 characters", api_url: `https://shop.example/${"a".repeat(2100)}` },
    { rule: "as a number", api_url: 42 },
    { rule: "as null", api_url: null },
    { rule: "at the cloud metadata address", api_url: "http://169.254.169.254/latest/meta-data" },
    { rule: "at the metadata address in hexadecimal", api_url: "http://0xA9FEA9FE/hook" },
    { rule: "at the metadata address as one decimal number", api_url: "http://2852039166/hook" },
    { rule: "at an IPv4-mapped IPv6 metadata address", api_url: "http://[::ffff:169.254.169.254]/hook" },
    { rule: "at the EC2 IPv6 metadata address", api_url: "http://[fd00:ec2::254]/hook" },
    { rule: "at a private address", api_url: "https://10.0.0.1/hook" },
    { rule: "with credentials", api_url: "https://user:secret@shop.example/hook" },
    { rule: "with a user name only", api_url: "https://user@shop.example/hook" },
  ])("an api_url $rule is refused with 'Invalid API URL'", ({ api_url }) => {
    expect(refusal({ api_url })).toEqual(invalidInput("api_url", "Invalid API URL"));
  });

  it.each(["http://127.0.0.1:9999/hook", "https://shop.example/hook?x=1", ""])(
    "api_url %j is accepted unchanged",
    (api_url) => {
      expect(validate(profileUpdateSchema, { api_url })).toEqual({ api_url });
    },
  );
});

/** Fields of the account a seller may not set, with the values the HTTP tests tried. */
const restricted: Record<string, unknown> = {
  balance: 1_000_000,
  rating: 5,
  api_key: "mk_forged",
  status_moderation: 1,
  id_user: 1,
  id: 1,
  seller_id: 1,
  account_id: 1,
};

describe("profileUpdateSchema: the body", () => {
  it("an unknown field is refused with \"Field 'nickname' is not allowed\"", () => {
    expect(refusal({ nickname: "x" })).toEqual(invalidInput("nickname", "Field 'nickname' is not allowed"));
  });

  it("an unknown field beside a valid name is refused with \"Field 'email' is not allowed\"", () => {
    expect(refusal({ name: "Valid Store", email: "x@example.com" })).toEqual(
      invalidInput("email", "Field 'email' is not allowed"),
    );
  });

  it.each(Object.entries(restricted))(
    "%s, which a seller may not set, is refused as not allowed, alone and beside a valid name",
    (field, value) => {
      const expected = invalidInput(field, `Field '${field}' is not allowed`);
      expect(refusal({ [field]: value })).toEqual(expected);
      expect(refusal({ name: "Sneaky Store", [field]: value })).toEqual(expected);
    },
  );

  it.each([
    { rule: "a JSON array", body: [] },
    { rule: "an array of strings", body: ["name"] },
    { rule: "a JSON string", body: "Shop" },
    { rule: "a JSON number", body: 42 },
    { rule: "JSON true", body: true },
  ])("a body that is $rule is refused with 'Invalid JSON'", ({ body }) => {
    expect(refusal(body)).toEqual(invalidInput("", "Invalid JSON"));
  });

  it("an empty object passes the schema: 'No valid data to update' is the service's answer, not the schema's", () => {
    expect(validate(profileUpdateSchema, {})).toEqual({});
  });

  it("name, description and api_url together are accepted as sent", () => {
    const body = {
      name: "My Key Shop",
      description: "Instant Steam keys, 24/7.",
      api_url: "https://shop.example/hook",
    };
    expect(validate(profileUpdateSchema, body)).toEqual(body);
  });
});
