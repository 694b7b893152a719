import { BatchWriteCommand } from "@aws-sdk/lib-dynamodb";
import { createDocumentClient } from "../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../shared/config/environment.js";
import { newId } from "../../shared/ids/ids.js";
import type { OrderRecord } from "../../shared/orders/order.js";
import { orderItem } from "../../shared/orders/order-repository.js";
import type { PayoutRecord } from "../../shared/payouts/payout.js";
import { payoutItem } from "../../shared/payouts/payout-repository.js";

/** The i-th of `n` instants a second apart, oldest first, ending a minute ago. */
const instant = (i: number, n: number) => new Date(Date.now() - 60_000 - (n - i) * 1000).toISOString();

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
  const orders: OrderRecord[] = Array.from({ length: n }, (_, i) => {
    const created = instant(i, n);
    return {
      id_order: newId(Date.parse(created)),
      seller_id: sellerId,
      product_id: productId,
      quantity: 1,
      unit_price: 500,
      amount: 500,
      status: "paid",
      buyer_email: `history${i}@example.com`,
      buyer_type: "guest",
      guest_id: String(i),
      payment_system: "card",
      created_at: created,
      expires_at: created,
      paid_at: created,
      delivered: false,
    };
  });
  await writeAll(orders.map(orderItem));
  return orders.map((o) => o.id_order);
};

/** `n` paid payouts of a seller, a second apart; returns their ids oldest first. */
export const seedPayouts = async (sellerId: number, n: number): Promise<string[]> => {
  const payouts: PayoutRecord[] = Array.from({ length: n }, (_, i) => {
    const created = instant(i, n);
    return {
      id: newId(Date.parse(created)),
      seller_id: sellerId,
      amount: 1000,
      payment_system: "card",
      wallet: "4111111111111111",
      status: "paid",
      created_at: created,
    };
  });
  await writeAll(payouts.map(payoutItem));
  return payouts.map((p) => p.id);
};
