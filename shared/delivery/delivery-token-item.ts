import { defineTableItem } from "../data/table-item.js";
import { keys } from "../data/table-keys.js";
import type { TransactItem } from "../data/transactions.js";

/** A delivery token, found by its SHA-256; the token itself is never stored in clear. */
export const deliveryTokenTableItem = defineTableItem({ entity: "delivery_token", key: keys.deliveryToken });

/**
 * The transaction item that issues an order's delivery token (stored only as its hash), written in the
 * same transaction that makes the order paid. It carries what delivery needs, so delivery reads no order.
 */
export const deliveryTokenPut = (
  tableName: string,
  token: {
    hash: string;
    orderId: string;
    sellerId: number;
    amount: number;
    at: string;
    /** Spent as it is issued: the order is delivered by the same write (a key product's codes). */
    spent?: boolean;
  },
): TransactItem => ({
  Put: {
    TableName: tableName,
    Item: deliveryTokenTableItem.item([token.hash], {
      order_id: token.orderId,
      seller_id: token.sellerId,
      amount: token.amount,
      created_at: token.at,
      ...(token.spent ? { used_at: token.at } : {}),
    }),
    ConditionExpression: "attribute_not_exists(PK)",
  },
});
