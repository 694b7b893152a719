import { describe, expect, it } from "vitest";
import { chatBodySchema, MAX_CHAT_MESSAGE_LENGTH } from "../../../shared/chat/chat-body.js";
import { validate } from "../../../shared/validation/validate.js";
import { invalidInput, type Refusal, refusalOf } from "../../support/refusals.js";

/**
 * The chat message rules of both POST /chat/{chat_id} (v2) and POST /orders/chat/{id_order} (v1):
 * 1–2000 characters kept exactly as sent, not only whitespace, no control characters but tab, LF, CR.
 */

const TOO_LONG = `Field 'message' must be at most ${MAX_CHAT_MESSAGE_LENGTH} characters`;
const CONTROL = "Field 'message' must not contain control characters";
const WHITESPACE = "Field 'message' must not be only whitespace";
const NOT_A_STRING = "Field 'message' must be a string";
const NOT_AN_OBJECT = "Request body must be a JSON object";

const refusal = (body: unknown): Refusal => refusalOf(chatBodySchema, body);
const accepted = (message: string): string => validate(chatBodySchema, { message }).message;

describe("chatBodySchema accepts a message and keeps it exactly as sent", () => {
  it.each([
    { rule: "surrounding spaces and line breaks", message: "  hello  \n" },
    { rule: "HTML, which every view escapes", message: "<b>bold</b> <script>alert(1)</script> &amp;" },
    { rule: "quotes and backslashes", message: `"quoted" 'single' \\ back` },
    { rule: "tabs, LF and CR laid out over lines", message: "line one\r\n\tindented\nline three" },
    { rule: "one character", message: "x" },
    { rule: "emoji and non-Latin text", message: "Спасибо 👍🏽 谢谢" },
  ])("$rule", ({ message }) => {
    expect(accepted(message)).toBe(message);
  });

  it(`${MAX_CHAT_MESSAGE_LENGTH} characters is the longest message`, () => {
    const message = "a".repeat(MAX_CHAT_MESSAGE_LENGTH);
    expect(accepted(message)).toBe(message);
  });

  it(`characters are counted as Unicode code points: ${MAX_CHAT_MESSAGE_LENGTH} emoji (twice as many UTF-16 units) pass`, () => {
    const message = "😀".repeat(MAX_CHAT_MESSAGE_LENGTH);
    expect(message.length).toBe(2 * MAX_CHAT_MESSAGE_LENGTH);
    expect(accepted(message)).toBe(message);
  });
});

describe("chatBodySchema refuses what cannot be a message, naming the field", () => {
  it(`${MAX_CHAT_MESSAGE_LENGTH + 1} characters are refused with '${TOO_LONG}'`, () => {
    expect(refusal({ message: "a".repeat(MAX_CHAT_MESSAGE_LENGTH + 1) })).toEqual(
      invalidInput("message", TOO_LONG),
    );
  });

  it(`${MAX_CHAT_MESSAGE_LENGTH + 1} code points are refused whether they are emoji, mixed, or few enough UTF-16 units`, () => {
    expect(refusal({ message: "😀".repeat(MAX_CHAT_MESSAGE_LENGTH + 1) })).toEqual(
      invalidInput("message", TOO_LONG),
    );
    const mixed = `${"😀".repeat(1000)}${"a".repeat(MAX_CHAT_MESSAGE_LENGTH - 999)}`;
    expect(refusal({ message: mixed })).toEqual(invalidInput("message", TOO_LONG));
  });

  it("a megabyte of text is refused as too long at once, before any other check", () => {
    expect(refusal({ message: `\u0000${" ".repeat(1_000_000)}` })).toEqual(invalidInput("message", TOO_LONG));
  });

  it("an empty message is refused with \"Field 'message' must not be empty\"", () => {
    expect(refusal({ message: "" })).toEqual(invalidInput("message", "Field 'message' must not be empty"));
  });

  it.each([
    { rule: "spaces", message: "   " },
    { rule: "line breaks and tabs", message: "\n\r\n\t " },
    { rule: "no-break and ideographic spaces", message: "\u00a0\u3000" },
  ])(`a message of only $rule is refused with '${WHITESPACE}'`, ({ message }) => {
    expect(refusal({ message })).toEqual(invalidInput("message", WHITESPACE));
  });

  it.each([
    { rule: "NUL", message: "a\u0000b" },
    { rule: "BEL", message: "ding\u0007" },
    { rule: "an ANSI escape", message: "\u001b[31mred" },
    { rule: "DEL", message: "x\u007f" },
    { rule: "a C1 control", message: "a\u0085b" },
    { rule: "a bidi override", message: "invoice\u202egnp.exe" },
    { rule: "only a control character", message: "\u0000" },
  ])(`a message with $rule is refused with '${CONTROL}'`, ({ message }) => {
    expect(refusal({ message })).toEqual(invalidInput("message", CONTROL));
  });

  it("a lone UTF-16 surrogate is refused as not valid Unicode text", () => {
    expect(refusal({ message: "broken \ud800 pair" })).toEqual(
      invalidInput("message", "Field 'message' must be valid Unicode text"),
    );
  });

  it("a body without message is refused with \"Field 'message' is required\"", () => {
    expect(refusal({})).toEqual(invalidInput("message", "Field 'message' is required"));
  });

  it.each([
    { rule: "a number", message: 42 },
    { rule: "null", message: null },
    { rule: "a boolean", message: true },
    { rule: "an array", message: ["hi"] },
    { rule: "an object", message: { text: "hi" } },
  ])(`a message that is $rule is refused with '${NOT_A_STRING}'`, ({ message }) => {
    expect(refusal({ message })).toEqual(invalidInput("message", NOT_A_STRING));
  });

  it("an unknown key is refused and named, even beside a valid message", () => {
    expect(refusal({ message: "hi", type_user: "seller" })).toEqual(
      invalidInput("type_user", "Field 'type_user' is not allowed"),
    );
  });

  it.each([
    { rule: "absent", body: undefined },
    { rule: "null", body: null },
    { rule: "a string", body: "hi" },
    { rule: "an array", body: [{ message: "hi" }] },
  ])(`a body that is $rule is refused with '${NOT_AN_OBJECT}'`, ({ body }) => {
    expect(refusal(body)).toEqual(invalidInput("", NOT_AN_OBJECT));
  });
});
