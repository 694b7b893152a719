import { describe, expect, it } from "vitest";
import { indexQuery } from "../../../shared/data/index-query.js";
import { indexedCollections } from "../../../shared/data/table-keys.js";
import { globalIndexes, indexProjects, tableSchema } from "../../../shared/data/table-schema.js";
import { orderListAttributes } from "../../../shared/orders/order.js";
import { payoutRecordSchema } from "../../../shared/payouts/payout.js";
import {
  productCountAttributes,
  productLineAttributes,
  productRowAttributes,
} from "../../../shared/products/product-items.js";

const unprojected = (index: (typeof tableSchema.globalIndexes)[number], attributes: readonly string[]) =>
  attributes.filter((attribute) => !indexProjects(index, attribute));

describe("index projections: every reader gets every attribute it uses, and nothing a product's text weighs", () => {
  it("GSI1 projects the seller's product lines and rows, the order list line and the whole payout record", () => {
    const { GSI1 } = globalIndexes;
    expect(unprojected(GSI1, productLineAttributes)).toEqual([]);
    expect(unprojected(GSI1, productRowAttributes)).toEqual([]);
    expect(unprojected(GSI1, productCountAttributes)).toEqual([]);
    expect(unprojected(GSI1, orderListAttributes)).toEqual([]);
    // The operator's payout queue returns payouts as stored (no ProjectionExpression).
    expect(unprojected(GSI1, Object.keys(payoutRecordSchema.shape))).toEqual([]);
  });

  it("GSI2 projects the whole payout record for the seller's payout history", () => {
    expect(unprojected(globalIndexes.GSI2, Object.keys(payoutRecordSchema.shape))).toEqual([]);
  });

  it("GSI2 serves a reseller's listed favorites from its keys alone: the sort key is the product id", () => {
    const { listedFavorites } = indexedCollections;
    expect(listedFavorites.index).toBe(globalIndexes.GSI2);
    expect(listedFavorites.sort("01P")).toBe("01P");
    expect(unprojected(globalIndexes.GSI2, [listedFavorites.index.sortKey])).toEqual([]);
  });

  it("GSI3 projects what price-ordered searches read (product_id) and filter on (words, category, seller, stock)", () => {
    expect(
      unprojected(globalIndexes.GSI3, ["product_id", "words", "category_id", "seller_id", "in_stock"]),
    ).toEqual([]);
  });

  it("GSI4 (expiring orders) holds keys only: the maintenance reads the due orders by key", () => {
    expect(globalIndexes.GSI4.projection).toEqual({ type: "KEYS_ONLY" });
    expect(indexProjects(globalIndexes.GSI4, "PK")).toBe(true);
    expect(indexProjects(globalIndexes.GSI4, "status")).toBe(false);
  });

  it("GSI1 projects dispute_open for the order list's dispute_status, and no dispute_opened_at: GSI1 is at DynamoDB's 20", () => {
    const { GSI1 } = globalIndexes;
    expect(orderListAttributes).toContain("dispute_open");
    expect(indexProjects(GSI1, "dispute_open")).toBe(true);
    expect(indexProjects(GSI1, "dispute_opened_at")).toBe(false);
    expect(GSI1.projection.type === "INCLUDE" && GSI1.projection.attributes.length).toBe(20);
  });

  it("GSI8 (orders by stage) and GSI9 (open disputes) hold keys only: the summary counts them and reads nothing", () => {
    expect(globalIndexes.GSI8.projection).toEqual({ type: "KEYS_ONLY" });
    expect(globalIndexes.GSI9.projection).toEqual({ type: "KEYS_ONLY" });
    expect(indexedCollections.sellerOrdersByStage.index).toBe(globalIndexes.GSI8);
    expect(indexedCollections.sellerOpenDisputes.index).toBe(globalIndexes.GSI9);
  });

  it("GSI5-GSI7 (status and category lists) project exactly the list line", () => {
    for (const index of [globalIndexes.GSI5, globalIndexes.GSI6, globalIndexes.GSI7]) {
      expect(index.projection, index.name).toEqual({
        type: "INCLUDE",
        attributes: [...productLineAttributes],
      });
    }
  });

  it("no index projects everything, none projects a product's text or secrets, and DynamoDB's limits hold (≤ 20 per index, ≤ 100 in all)", () => {
    let total = 0;
    for (const index of tableSchema.globalIndexes) {
      const attributes = index.projection.type === "INCLUDE" ? index.projection.attributes : [];
      expect(new Set(attributes).size, index.name).toBe(attributes.length);
      expect(attributes.length, index.name).toBeLessThanOrEqual(20);
      for (const heavy of [
        "text_page",
        "features",
        "tags",
        "meta_description",
        "api_key",
        "api_url",
        "delivery_text",
      ])
        expect(attributes, `${index.name} ${heavy}`).not.toContain(heavy);
      total += attributes.length;
    }
    expect(total).toBeLessThanOrEqual(100);
  });

  it("indexQuery refuses to ask an index for an attribute it does not project, naming it", () => {
    expect(() =>
      indexQuery("t", indexedCollections.sellerProductsByStatus, [1, "draft"], {
        attributes: ["id", "text_page"],
      }),
    ).toThrow("GSI5 does not project text_page");
    expect(() =>
      indexQuery("t", indexedCollections.expiringOrders, [], { attributes: ["PK", "SK", "GSI4SK"] }),
    ).not.toThrow();
  });
});
