import { describe, expect, it } from "vitest";
import { indexQuery } from "../../../shared/data/index-query.js";
import { indexedCollections } from "../../../shared/data/table-keys.js";

describe("indexQuery", () => {
  it("reads one partition of a collection through its index, ascending by default", () => {
    expect(indexQuery("t", indexedCollections.sellerOrders, [5])).toEqual({
      TableName: "t",
      IndexName: "GSI1",
      KeyConditionExpression: "#pk = :pk",
      ExpressionAttributeNames: { "#pk": "GSI1PK" },
      ExpressionAttributeValues: { ":pk": "SELLER#5#ORDERS" },
    });
  });

  it("reads newest first, below a sort value, with a limit", () => {
    expect(
      indexQuery("t", indexedCollections.expiringOrders, [], {
        descending: true,
        sortBelow: "2026-11-23T10:00:00.000Z",
        limit: 25,
      }),
    ).toEqual({
      TableName: "t",
      IndexName: "GSI4",
      KeyConditionExpression: "#pk = :pk AND #sk < :below",
      ExpressionAttributeNames: { "#pk": "GSI4PK", "#sk": "GSI4SK" },
      ExpressionAttributeValues: { ":pk": "EXPIRING_ORDERS", ":below": "2026-11-23T10:00:00.000Z" },
      ScanIndexForward: false,
      Limit: 25,
    });
  });

  it("projects the named attributes through escaped names, so reserved words such as name and count work", () => {
    const query = indexQuery("t", indexedCollections.sellerProducts, [1], {
      attributes: ["id", "name", "count"],
    });
    expect(query.ProjectionExpression).toBe("#a0, #a1, #a2");
    expect(query.ExpressionAttributeNames).toEqual({
      "#pk": "GSI1PK",
      "#a0": "id",
      "#a1": "name",
      "#a2": "count",
    });
  });
});
