import { describe, expect, it } from "vitest";
import { stockRefusal, stockTake } from "../../../shared/products/stock-take.js";

const quoted = { price: 1000, discount: 10 };

describe("taking stock", () => {
  it("decrements only an approved product with enough stock at the quoted price", () => {
    expect(stockTake("t", "P", 3, { quoted })).toEqual({
      Update: {
        TableName: "t",
        Key: { PK: "PRODUCT#P", SK: "PRODUCT" },
        UpdateExpression: "SET #count = #count - :q",
        ConditionExpression:
          "status_moderation = :approved AND #count >= :q AND price = :price AND discount = :discount AND attribute_not_exists(key_stock)",
        ExpressionAttributeNames: { "#count": "count" },
        ExpressionAttributeValues: { ":q": 3, ":approved": "approved", ":price": 1000, ":discount": 10 },
        ReturnValuesOnConditionCheckFailure: "ALL_OLD",
      },
    });
  });

  it("says why it failed: gone or not approved, repriced, or short of stock", () => {
    expect(stockRefusal(undefined, { quoted })).toBe("product_unavailable");
    expect(stockRefusal({ status_moderation: "pending", price: 1000, discount: 10 }, { quoted })).toBe(
      "product_unavailable",
    );
    expect(stockRefusal({ status_moderation: "approved", price: 1100, discount: 10 }, { quoted })).toBe(
      "price_changed",
    );
    expect(stockRefusal({ status_moderation: "approved", price: 1000, discount: 0 }, { quoted })).toBe(
      "price_changed",
    );
    expect(
      stockRefusal({ status_moderation: "approved", price: 1000, discount: 10, count: 0 }, { quoted }),
    ).toBe("insufficient_stock");
  });

  it("without a quoted price (a late payment, already paid at the order's price) checks only approval and stock", () => {
    expect(stockTake("t", "P", 2)).toEqual({
      Update: {
        TableName: "t",
        Key: { PK: "PRODUCT#P", SK: "PRODUCT" },
        UpdateExpression: "SET #count = #count - :q",
        ConditionExpression:
          "status_moderation = :approved AND #count >= :q AND attribute_not_exists(key_stock)",
        ExpressionAttributeNames: { "#count": "count" },
        ExpressionAttributeValues: { ":q": 2, ":approved": "approved" },
        ReturnValuesOnConditionCheckFailure: "ALL_OLD",
      },
    });
    expect(stockRefusal({ status_moderation: "approved", price: 1100, discount: 0, count: 0 })).toBe(
      "insufficient_stock",
    );
    expect(stockRefusal({ status_moderation: "rejected", count: 5 })).toBe("product_unavailable");
  });

  it("a key product's take moves its codes' count and needs key stock; a plain take refuses a key product", () => {
    expect(stockTake("t", "P", 2, { quoted, codesTo: "delivered" })).toEqual({
      Update: {
        TableName: "t",
        Key: { PK: "PRODUCT#P", SK: "PRODUCT" },
        UpdateExpression: "SET #count = #count - :q ADD key_delivered :q",
        ConditionExpression:
          "status_moderation = :approved AND #count >= :q AND price = :price AND discount = :discount AND key_stock = :keyed",
        ExpressionAttributeNames: { "#count": "count" },
        ExpressionAttributeValues: {
          ":q": 2,
          ":approved": "approved",
          ":price": 1000,
          ":discount": 10,
          ":keyed": 1,
        },
        ReturnValuesOnConditionCheckFailure: "ALL_OLD",
      },
    });
    const keyed = { status_moderation: "approved", price: 1000, discount: 10, count: 9, key_stock: 1 };
    expect(stockRefusal(keyed, { quoted })).toBe("stock_changed");
    expect(stockRefusal({ ...keyed, count: 0 }, { quoted, codesTo: "reserved" })).toBe("insufficient_stock");
    expect(stockRefusal({ ...keyed, key_stock: undefined }, { quoted, codesTo: "reserved" })).toBe(
      "stock_changed",
    );
  });
});
