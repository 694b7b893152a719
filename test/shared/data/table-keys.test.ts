import { describe, expect, it } from "vitest";
import {
  indexAssignment,
  indexAttributeList,
  indexedCollections,
  indexMembership,
  keys,
} from "../../../shared/data/table-keys.js";
import { globalIndexes, tableSchema } from "../../../shared/data/table-schema.js";

describe("table keys", () => {
  it("every entity's primary key has the documented PK and SK", () => {
    expect(keys.account(7)).toEqual({ PK: "ACCOUNT#7", SK: "PROFILE" });
    expect(keys.product("01ABC")).toEqual({ PK: "PRODUCT#01ABC", SK: "PRODUCT" });
    expect(keys.order("01XYZ")).toEqual({ PK: "ORDER#01XYZ", SK: "ORDER" });
    expect(keys.ledgerEntry(7, "2026-11-23T10:00:00.000Z", "e1")).toEqual({
      PK: "ACCOUNT#7",
      SK: "LEDGER#2026-11-23T10:00:00.000Z#e1",
    });
    expect(keys.productNameGuard(7, "elden ring")).toEqual({ PK: "ACCOUNT#7#NAME#elden ring", SK: "GUARD" });
    expect(keys.catalogueEntry("C#101", "01P")).toEqual({ PK: "CATALOGUE#C#101", SK: "01P" });
    expect(keys.facetCounts("S#7")).toEqual({ PK: "CATCOUNT#S#7", SK: "TOTAL" });
    expect(keys.priceTreeNode("A", 2048)).toEqual({ PK: "CATCOUNT#A", SK: "TREE#00002048" });
    expect(keys.catalogueManifest("01P")).toEqual({ PK: "PRODUCT#01P", SK: "CATALOGUE" });
    expect(keys.productNameEntry(7, "ring key", "01P")).toEqual({
      PK: "ACCOUNT#7#PRODUCT_NAMES",
      SK: "ring key#01P",
    });
    // A favorite lives beside its product; the reseller's count and the product's follow record beside it.
    expect(keys.favorite(7, "01P")).toEqual({ PK: "PRODUCT#01P", SK: "FAV#7" });
    expect(keys.favoriteCount(7)).toEqual({ PK: "ACCOUNT#7", SK: "FAVORITES" });
    expect(keys.favoriteFollow("01P")).toEqual({ PK: "PRODUCT#01P", SK: "FAVORITES" });
  });

  it("the table declares exactly GSI1-GSI9, each keyed by its own PK/SK attribute pair", () => {
    expect(
      tableSchema.globalIndexes.map(({ name, partitionKey, sortKey }) => [name, partitionKey, sortKey]),
    ).toEqual([
      ["GSI1", "GSI1PK", "GSI1SK"],
      ["GSI2", "GSI2PK", "GSI2SK"],
      ["GSI3", "GSI3PK", "GSI3SK"],
      ["GSI4", "GSI4PK", "GSI4SK"],
      ["GSI5", "GSI5PK", "GSI5SK"],
      ["GSI6", "GSI6PK", "GSI6SK"],
      ["GSI7", "GSI7PK", "GSI7SK"],
      ["GSI8", "GSI8PK", "GSI8SK"],
      ["GSI9", "GSI9PK", "GSI9SK"],
    ]);
  });

  it("every indexed collection sits on a declared index and says what it serves", () => {
    const declared = new Set(Object.values(globalIndexes));
    for (const [name, collection] of Object.entries(indexedCollections)) {
      expect(declared.has(collection.index), name).toBe(true);
      expect(collection.serves.length, name).toBeGreaterThan(10);
    }
  });

  it("collections sharing an index never share a partition value", () => {
    const partitions = [
      indexedCollections.sellerProducts.partition(1),
      indexedCollections.sellerOrders.partition(1),
      indexedCollections.payoutsByStatus.partition("wait"),
      indexedCollections.sellerPayouts.partition(1),
      indexedCollections.listedFavorites.partition(1),
      indexedCollections.cataloguePrices.partition("A"),
      indexedCollections.expiringOrders.partition(),
      indexedCollections.unappliedPaymentsByRefundStatus.partition("due"),
      indexedCollections.unappliedPaymentsByRefundStatus.partition("refunded"),
      indexedCollections.sellerProductsByStatus.partition(1, "draft"),
      indexedCollections.sellerProductsByCategory.partition(1, 101),
      indexedCollections.sellerProductsByStatusAndCategory.partition(1, "draft", 101),
      indexedCollections.sellerOrdersByStage.partition(1, "wait"),
      indexedCollections.sellerOpenDisputes.partition(1),
    ];
    expect(new Set(partitions).size).toBe(partitions.length);
  });

  it("indexMembership writes the index's own attribute names: a seller's product on GSI1, time-ordered", () => {
    expect(
      indexMembership(indexedCollections.sellerProducts, [42], ["2026-11-23T10:00:00.000Z", "01P"]),
    ).toEqual({ GSI1PK: "SELLER#42#PRODUCTS", GSI1SK: "2026-11-23T10:00:00.000Z#01P" });
    expect(indexMembership(indexedCollections.cataloguePrices, ["T#eld"], [2500, "01P"])).toEqual({
      GSI3PK: "CATALOGUE#T#eld",
      GSI3SK: "0002500#01P",
    });
    expect(indexMembership(indexedCollections.sellerPayouts, [9], ["t", "p1"])).toEqual({
      GSI2PK: "ACCOUNT#9#PAYOUTS",
      GSI2SK: "t#p1",
    });
    expect(
      indexMembership(
        indexedCollections.sellerProductsByStatusAndCategory,
        [42, "pending", 101],
        ["t", "01P"],
      ),
    ).toEqual({
      GSI7PK: "SELLER#42#PRODUCTS#STATUS#pending#CATEGORY#101",
      GSI7SK: "t#01P",
    });
  });

  it("indexAssignment sets both attributes through placeholders named after them", () => {
    expect(indexAssignment(indexedCollections.payoutsByStatus, ["paid"], ["t", "p1"])).toEqual({
      expression: "GSI1PK = :GSI1PK, GSI1SK = :GSI1SK",
      values: { ":GSI1PK": "PAYOUTS#paid", ":GSI1SK": "t#p1" },
    });
  });

  it("a seller's orders by stage (GSI8) and open disputes (GSI9) are partitions per seller, time-ordered", () => {
    expect(
      indexMembership(
        indexedCollections.sellerOrdersByStage,
        [42, "undelivered"],
        ["2026-11-23T10:00:00.000Z", "01O"],
      ),
    ).toEqual({ GSI8PK: "SELLER#42#ORDERS#STAGE#undelivered", GSI8SK: "2026-11-23T10:00:00.000Z#01O" });
    expect(indexedCollections.sellerOrdersByStage.partition(42, "delivered#2026-11-23")).toBe(
      "SELLER#42#ORDERS#STAGE#delivered#2026-11-23",
    );
    expect(indexMembership(indexedCollections.sellerOpenDisputes, [42], ["t", "01O"])).toEqual({
      GSI9PK: "SELLER#42#ORDERS#DISPUTES",
      GSI9SK: "t#01O",
    });
  });

  it("indexAttributeList names the two attributes that take an item out of a sparse index", () => {
    expect(indexAttributeList(indexedCollections.cataloguePrices)).toBe("GSI3PK, GSI3SK");
    expect(indexAttributeList(indexedCollections.expiringOrders)).toBe("GSI4PK, GSI4SK");
  });
});
