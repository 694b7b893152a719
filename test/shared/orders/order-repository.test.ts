import type { DynamoDBDocumentClient, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { createOrderRepository } from "../../../shared/orders/order-repository.js";

const ROW = {
  PK: "ORDER#01JORDER000000000000000000",
  SK: "ORDER",
  GSI1PK: "SELLER#7#ORDERS",
  GSI1SK: "2026-05-04T10:00:00.000Z#01JORDER000000000000000000",
  id_order: "01JORDER000000000000000000",
  product_id: "01JPRODUCT0000000000000000",
  amount: 300,
  status: "paid",
  created_at: "2026-05-04T10:00:00.000Z",
  quantity: 1,
  delivered: false,
};

/** The attribute names a Query names: its index's key and the attributes its projection asks for. */
const asked = (command: QueryCommand): string[] =>
  Object.values(command.input.ExpressionAttributeNames ?? {});

/**
 * A document client whose GSI1 is as a table made before the list showed disputes: a Query that asks
 * for `dispute_open` is refused as DynamoDB refuses it; any other answers `ROW`.
 */
const olderIndex = (refusal = "Global secondary index GSI1 does not project [dispute_open]") => {
  const queries: string[][] = [];
  const client = {
    send: async (command: QueryCommand) => {
      queries.push(asked(command));
      if (asked(command).includes("dispute_open")) {
        throw Object.assign(new Error(`One or more parameter values were invalid: ${refusal}`), {
          name: "ValidationException",
        });
      }
      return { Items: [ROW] };
    },
  } as unknown as DynamoDBDocumentClient;
  return { client, queries };
};

describe("the order list on an index that does not project dispute_open (a table kept in .local/ from before)", () => {
  it("asks again without dispute_open, so the whole list and a page still answer, each order without a dispute", async () => {
    const { client, queries } = olderIndex();
    const orders = createOrderRepository(client, "marketplace");
    expect(await orders.allBySeller(7, 100)).toEqual([
      {
        id_order: ROW.id_order,
        product_id: ROW.product_id,
        amount: 300,
        status: "paid",
        created_at: ROW.created_at,
        quantity: 1,
        delivered: false,
      },
    ]);
    const page = await orders.pageBySeller(7, 10, undefined);
    expect(page !== "invalid_start" && page.orders.map((order) => order.dispute_open)).toEqual([undefined]);
    expect(queries.map((names) => names.includes("dispute_open"))).toEqual([true, false, true, false]);
  });

  it("any other refusal of the Query still fails the read", async () => {
    const { client } = olderIndex("Global secondary index GSI1 does not project [delivered_at]");
    const orders = createOrderRepository(client, "marketplace");
    await expect(orders.allBySeller(7, 100)).rejects.toThrow("does not project [delivered_at]");
  });
});
