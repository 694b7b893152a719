import { BatchWriteCommand } from "@aws-sdk/lib-dynamodb";
import { createDocumentClient } from "../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../shared/config/environment.js";
import { orderItem } from "../../shared/orders/order-items.js";
import { payoutItem } from "../../shared/payouts/payout-items.js";
import { order, payout } from "../bench/seed-records.js";

/** Writes items as the repositories store them, 25 per BatchWriteItem, until none is left unprocessed. */
const writeAll = async (items: Record<string, unknown>[]) => {
  const client = createDocumentClient();
  const table = requireEnv("TABLE_NAME");
  for (let i = 0; i < items.length; i += 25) {
    let requests = items.slice(i, i + 25).map((item) => ({ PutRequest: { Item: item } }));
    while (requests.length > 0) {
      const result = await client.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
      requests = (result.UnprocessedItems?.[table] ?? []).flatMap((r) =>
        r.PutRequest?.Item ? [{ PutRequest: { Item: r.PutRequest.Item } }] : [],
      );
    }
  }
};

/** `n` paid guest orders of a seller's product, a second apart; returns their ids oldest first. */
export const seedOrders = async (sellerId: number, productId: string, n: number): Promise<string[]> => {
  const orders = Array.from({ length: n }, (_, i) => order(sellerId, productId, i));
  await writeAll(orders.map(orderItem));
  return orders.map((o) => o.id_order);
};

/** `n` paid payouts of a seller, a second apart; returns their ids oldest first. */
export const seedPayouts = async (sellerId: number, n: number): Promise<string[]> => {
  const payouts = Array.from({ length: n }, (_, i) => payout(sellerId, i));
  await writeAll(payouts.map(payoutItem));
  return payouts.map((p) => p.id);
};
