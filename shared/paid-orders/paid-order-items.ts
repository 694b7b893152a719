import { chatMessagePut } from "../chat/chat-message-item.js";
import { indexAttributeList, indexedCollections } from "../data/table-keys.js";
import type { TransactItem } from "../data/transactions.js";
import { deliveryTokenPut } from "../delivery/delivery-token-item.js";
import { balanceMovementItems } from "../ledger/ledger-items.js";
import { historyEntryPuts } from "../orders/buyer-history.js";
import type { OrderRecord } from "../orders/order.js";
import { orderItem, orderTableItem, SEALED_TOKEN_ATTRIBUTE } from "../orders/order-items.js";
import { sellerMaySell } from "../orders/order-repository.js";
import { outboxPut } from "../outbox/outbox-item.js";
import { stockTake } from "../products/stock-take.js";
import type { PaidOrder, ProviderPayment } from "./paid-order.js";

/**
 * Where the conditions of a paid order's own items sit in its transaction, so the writer can tell which
 * one failed; a part the order does not have has no position.
 */
export interface PaidOrderPositions {
  /** The order: a new one must not exist yet; a paid one must still be in the state it was paid from. */
  readonly order: number;
  /** The stock take (`stockTake`: returns the product as it was when refused). */
  readonly stock?: number;
  /** The seller's check of a late payment's stock (it may still sell). */
  readonly seller?: number;
  /** The buyer's debit (the balance must cover it). */
  readonly balance?: number;
}

/** The update that makes a storefront order paid by `payment`, while it is in the state it was read in. */
const orderPaidUpdate = (tableName: string, paid: PaidOrder, payment: ProviderPayment): TransactItem => ({
  Update: {
    TableName: tableName,
    Key: orderTableItem.key(paid.orderId),
    UpdateExpression: `SET #status = :paid, payment_system = :system, payment_id = :paymentId, paid_at = :at, webhook_event_id = :eventId, #sealedToken = :sealedToken REMOVE ${indexAttributeList(indexedCollections.expiringOrders)}`,
    ConditionExpression: "#status = :from",
    ExpressionAttributeNames: { "#status": "status", "#sealedToken": SEALED_TOKEN_ATTRIBUTE },
    ExpressionAttributeValues: {
      ":paid": "paid",
      ":from": payment.from,
      ":system": payment.paymentSystem,
      ":paymentId": payment.paymentId,
      ":at": paid.at,
      ":eventId": paid.events[0].event_id,
      ":sealedToken": paid.tokenSealed,
    },
  },
});

/** The put of a purchase's new order, already paid; it must not exist yet. */
const newOrderPut = (tableName: string, order: OrderRecord): TransactItem => ({
  Put: {
    TableName: tableName,
    Item: orderItem(order),
    ConditionExpression: "attribute_not_exists(PK)",
  },
});

/**
 * The transaction items of the one write that makes an order paid, all or nothing: the stock it takes
 * (with a late payment's seller check), the buyer's debit and its ledger entry, the order, the delivery
 * token's hash, the outbox events, the buyer's history and the chat's first messages, in that order. The
 * writer adds its own conditions after them.
 */
export const paidOrderItems = (
  tableName: string,
  paid: PaidOrder,
): { items: TransactItem[]; positions: PaidOrderPositions } => {
  const items: TransactItem[] = [];
  /** Appends `added`, answering the position of the first of them. */
  const append = (...added: TransactItem[]): number => items.push(...added) - added.length;
  const { stock, paidBy } = paid;
  const quoted = stock?.kind === "quoted" ? stock.quoted : undefined;
  const stockAt = stock ? append(stockTake(tableName, stock.productId, stock.quantity, quoted)) : undefined;
  const sellerAt = stock?.kind === "reserved" ? append(sellerMaySell(tableName, stock.sellerId)) : undefined;
  const balanceAt =
    paidBy.kind === "purchase" ? append(...balanceMovementItems(tableName, paidBy.debit)) : undefined;
  const orderAt = append(
    paidBy.kind === "payment"
      ? orderPaidUpdate(tableName, paid, paidBy)
      : newOrderPut(tableName, paidBy.order),
  );
  append(
    deliveryTokenPut(tableName, {
      hash: paid.tokenHash,
      orderId: paid.orderId,
      sellerId: paid.sellerId,
      amount: paid.amount,
      at: paid.at,
    }),
    ...paid.events.map((event) => outboxPut(tableName, event, paid.at)),
    ...(paidBy.kind === "purchase" ? historyEntryPuts(tableName, paidBy.order) : []),
    ...paid.chatMessages.map((message) => chatMessagePut(tableName, message)),
  );
  return { items, positions: { order: orderAt, stock: stockAt, seller: sellerAt, balance: balanceAt } };
};
