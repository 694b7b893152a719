import { describe, expect, it } from "vitest";
import { itemSize, sizedKeys, transactionWriteUnits } from "./transaction-units.js";

describe("billed write units of a transaction", () => {
  it("sizes items as DynamoDB does: names, string bytes, numbers by digits, maps and lists with overhead", () => {
    // "PK" 2 + "ACCOUNT#7" 9, "n" 1 + 12345 (5 digits → 3 + 1 = 4), "ok" 2 + true 1,
    // "m" 1 + map (3 + per entry 1 + "a" 1 + "xy" 2 = 7), "l" 1 + list (3 + 1 + 1) = 5
    expect(itemSize({ PK: "ACCOUNT#7", n: 12345, ok: true, m: { a: "xy" }, l: [null] })).toBe(
      2 + 9 + 1 + 4 + 2 + 1 + 1 + 7 + 1 + 5,
    );
  });

  it("bills 2 units per started KB per action, 1 per index a Put joins, and stored sizes for the rest", () => {
    const input = {
      TransactItems: [
        { Put: { TableName: "t", Item: { PK: "A", SK: "1" } } },
        {
          Put: {
            TableName: "t",
            Item: { PK: "B", SK: "1", GSI1PK: "g", GSI1SK: "s", big: "x".repeat(1500) },
          },
        },
        { Update: { TableName: "t", Key: { PK: "C", SK: "1" }, UpdateExpression: "SET n = :n" } },
        {
          ConditionCheck: {
            TableName: "t",
            Key: { PK: "D", SK: "1" },
            ConditionExpression: "attribute_exists(PK)",
          },
        },
        { Delete: { TableName: "t", Key: { PK: "E", SK: "1" } } },
      ],
    };
    expect(sizedKeys(input)).toEqual([
      { PK: "C", SK: "1" },
      { PK: "D", SK: "1" },
      { PK: "E", SK: "1" },
    ]);
    const stored: Record<string, number> = { C: 3000, D: 100 };
    // 2 + (2 × 2 + 1) + 2 × 3 + 2 × 1 + 2 × 1 (E no longer stored: 1 KB)
    expect(transactionWriteUnits(input, (key) => stored[String(key.PK)])).toBe(2 + 5 + 6 + 2 + 2);
  });
});
