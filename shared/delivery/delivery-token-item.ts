import { keys } from "../data/table-keys.js";
import type { TransactItem } from "../data/transactions.js";

/**
 * The order item's attribute holding its delivery token sealed with the data key, written in the
 * payment's transaction and removed by delivery, so the seller can ask for the delivery URL of a paid,
 * undelivered order (GET /api/v1/orders/delivery-url/{id}) after the webhook's outbox event is gone.
 * Order reads never parse it (`orderRecordSchema` leaves it out); only that route opens it.
 */
export const SEALED_TOKEN_ATTRIBUTE = "delivery_token_sealed";

/**
 * The transaction item that issues an order's delivery token (stored only as its hash), written in the
 * same transaction that makes the order paid. It carries what delivery needs, so delivery reads no order.
 */
export const deliveryTokenPut = (
  tableName: string,
  token: { hash: string; orderId: string; sellerId: number; amount: number; at: string },
): TransactItem => ({
  Put: {
    TableName: tableName,
    Item: {
      ...keys.deliveryToken(token.hash),
      entity: "delivery_token",
      order_id: token.orderId,
      seller_id: token.sellerId,
      amount: token.amount,
      created_at: token.at,
    },
    ConditionExpression: "attribute_not_exists(PK)",
  },
});
