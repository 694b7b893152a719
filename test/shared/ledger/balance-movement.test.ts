import { describe, expect, it } from "vitest";
import { ledgerSum } from "../../../shared/ledger/ledger-entry.js";
import { balanceMovementItems } from "../../../shared/ledger/ledger-items.js";

const at = "2026-11-23T10:00:00.000Z";

describe("balance movements", () => {
  it("a credit adds to an existing account's balance and writes its ledger entry once", () => {
    const [update, ledger] = balanceMovementItems("t", {
      accountId: 3,
      amount: 700,
      kind: "sale",
      entryId: "e1",
      at,
      orderId: "01ORDER",
    });
    expect(update).toEqual({
      Update: {
        TableName: "t",
        Key: { PK: "ACCOUNT#3", SK: "PROFILE" },
        UpdateExpression: "ADD balance :credit",
        ConditionExpression: "attribute_exists(PK)",
        ExpressionAttributeValues: { ":credit": 700 },
      },
    });
    expect(ledger).toEqual({
      Put: {
        TableName: "t",
        Item: {
          PK: "ACCOUNT#3",
          SK: `LEDGER#${at}#e1`,
          entity: "ledger",
          entry_id: "e1",
          account_id: 3,
          kind: "sale",
          amount: 700,
          created_at: at,
          order_id: "01ORDER",
          payout_id: undefined,
          note: undefined,
        },
        ConditionExpression: "attribute_not_exists(PK)",
      },
    });
  });

  it("a debit subtracts only while the balance covers it, and its ledger entry is negative", () => {
    const [update, ledger] = balanceMovementItems("t", {
      accountId: 3,
      amount: -1000,
      kind: "payout",
      entryId: "e2",
      at,
      payoutId: "01PAYOUT",
    });
    expect(update.Update).toMatchObject({
      UpdateExpression: "SET balance = balance - :debit",
      ConditionExpression: "attribute_exists(PK) AND balance >= :debit",
      ExpressionAttributeValues: { ":debit": 1000 },
    });
    expect(ledger.Put.Item).toMatchObject({ kind: "payout", amount: -1000, payout_id: "01PAYOUT" });
  });

  it.each([0, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])("refuses an amount of %s", (amount) => {
    expect(() => balanceMovementItems("t", { accountId: 1, amount, kind: "sale", entryId: "e", at })).toThrow(
      `A balance movement needs a non-zero whole amount, got ${amount}`,
    );
  });

  it("a ledger sums its signed amounts; an empty ledger sums to zero", () => {
    expect(ledgerSum([])).toBe(0);
    expect(ledgerSum([{ amount: 5000 }, { amount: -1000 }, { amount: 1000 }, { amount: -2500 }])).toBe(2500);
  });
});
