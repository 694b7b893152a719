import { describe, expect, it } from "vitest";
import { payoutRequestSchema } from "../../../shared/payouts/payout.js";
import { validate } from "../../../shared/validation/validate.js";
import { invalidInput, type Refusal, refusalOf } from "../../support/refusals.js";

/**
 * The POST /payout body rules that `payoutRequestSchema` decides alone, with the exact messages v1 shows.
 * The wallet's shape per payment system, whether a six-digit code is the current one, the balance and
 * the lock are the service's and stay in test/functions/v1-payouts/handler.stack.test.ts.
 */

const AMOUNT_MESSAGE = "Amount must be a whole number from 1000 to 1000000";
const SYSTEM_MESSAGE = "Payment system must be one of usdt, card, payment_account";
const CARD = "4111111111111111";

const refusal = (input: unknown): Refusal => refusalOf(payoutRequestSchema, input);

const payoutBody = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  amount: 1000,
  payment_system: "card",
  wallet: CARD,
  cod: "123456",
  ...overrides,
});

const without = (field: string): Record<string, unknown> => {
  const body = payoutBody();
  delete body[field];
  return body;
};

describe("payoutRequestSchema (POST /payout body) refuses bad input", () => {
  it.each([
    { rule: "of 999", amount: 999 },
    { rule: "of 0", amount: 0 },
    { rule: "of -1000", amount: -1000 },
    { rule: "of 1000001", amount: 1_000_001 },
    { rule: "of 1000.5", amount: 1000.5 },
    { rule: "as a string", amount: "1000" },
    { rule: "as null", amount: null },
    { rule: "as a boolean", amount: true },
  ])(`an amount $rule is refused with '${AMOUNT_MESSAGE}'`, ({ amount }) => {
    expect(refusal(payoutBody({ amount }))).toEqual(invalidInput("amount", AMOUNT_MESSAGE));
  });

  it.each([{ field: "amount" }, { field: "wallet" }, { field: "cod" }])(
    "a body without $field is refused with \"Field '$field' is required\"",
    ({ field }) => {
      expect(refusal(without(field))).toEqual(invalidInput(field, `Field '${field}' is required`));
    },
  );

  it(`a body without payment_system is refused with '${SYSTEM_MESSAGE}'`, () => {
    expect(refusal(without("payment_system"))).toEqual(invalidInput("payment_system", SYSTEM_MESSAGE));
  });

  it.each([
    { rule: "paypal", payment_system: "paypal" },
    { rule: "CARD in capitals", payment_system: "CARD" },
    { rule: "empty", payment_system: "" },
    { rule: "a number", payment_system: 1 },
    { rule: "null", payment_system: null },
  ])(`a payment_system that is $rule is refused with '${SYSTEM_MESSAGE}'`, ({ payment_system }) => {
    expect(refusal(payoutBody({ payment_system }))).toEqual(invalidInput("payment_system", SYSTEM_MESSAGE));
  });

  it("a wallet sent as a number is refused with \"Field 'wallet' must be a string\"", () => {
    expect(refusal(payoutBody({ wallet: 4111111111111111 }))).toEqual(
      invalidInput("wallet", "Field 'wallet' must be a string"),
    );
  });

  it("a wallet of 101 characters is refused with 'Invalid wallet'", () => {
    expect(refusal(payoutBody({ wallet: "4".repeat(101) }))).toEqual(
      invalidInput("wallet", "Invalid wallet"),
    );
  });

  it.each([
    { rule: "a number", cod: 123456 },
    { rule: "null", cod: null },
    { rule: "five digits", cod: "12345" },
    { rule: "seven digits", cod: "1234567" },
    { rule: "six letters", cod: "abcdef" },
    { rule: "six digits with a space", cod: " 123456" },
    { rule: "six full-width digits", cod: "１２３４５６" },
    { rule: "empty", cod: "" },
  ])("a cod that is $rule is refused with 'Invalid OTP code'", ({ cod }) => {
    expect(refusal(payoutBody({ cod }))).toEqual(invalidInput("cod", "Invalid OTP code"));
  });

  it.each([
    { field: "note", value: "x" },
    { field: "seller_id", value: 1 },
  ])("an unknown field $field is refused with \"Field '$field' is not allowed\"", ({ field, value }) => {
    expect(refusal(payoutBody({ [field]: value }))).toEqual(
      invalidInput(field, `Field '${field}' is not allowed`),
    );
  });

  it.each([
    { rule: "missing (undefined)", body: undefined },
    { rule: "a JSON array", body: [] },
    { rule: "a JSON string", body: "payout" },
    { rule: "JSON null", body: null },
  ])("a body that is $rule is refused with 'Request body must be a JSON object'", ({ body }) => {
    expect(refusal(body)).toEqual(invalidInput("", "Request body must be a JSON object"));
  });
});

describe("payoutRequestSchema (POST /payout body) accepts valid input unchanged", () => {
  it.each([1000, 1_000_000])("an amount of %i is accepted", (amount) => {
    expect(validate(payoutRequestSchema, payoutBody({ amount }))).toEqual(payoutBody({ amount }));
  });

  it.each(["usdt", "card", "payment_account"])("payment_system %s is accepted", (payment_system) => {
    expect(validate(payoutRequestSchema, payoutBody({ payment_system }))).toEqual(
      payoutBody({ payment_system }),
    );
  });

  it("a wallet of 100 characters passes the schema as sent: its shape is the service's to check", () => {
    const body = payoutBody({ wallet: " 4111 1111-1111 1111 ".padEnd(100, " ") });
    expect(validate(payoutRequestSchema, body)).toEqual(body);
  });

  it.each(["000000", "999999"])(
    "a six-digit cod (%s) passes the schema as sent: whether it is the current code is the service's to check",
    (cod) => {
      const body = payoutBody({ cod });
      expect(validate(payoutRequestSchema, body)).toEqual(body);
    },
  );
});
