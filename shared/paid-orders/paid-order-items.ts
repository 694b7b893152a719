import { SellerModeration } from "../accounts/account.js";
import { chatMessagePut } from "../chat/chat-message-item.js";
import { indexAttributeList, indexedCollections, keys } from "../data/table-keys.js";
import type { TransactItem } from "../data/transactions.js";
import { deliveryTokenPut } from "../delivery/delivery-token-item.js";
import { revenueMovementItems } from "../fees/revenue-items.js";
import { codeMoves } from "../key-stock/code-moves.js";
import { balanceMovementItems } from "../ledger/ledger-items.js";
import { historyEntryPuts } from "../orders/buyer-history.js";
import type { OrderRecord } from "../orders/order.js";
import { orderItem, orderTableItem, SEALED_TOKEN_ATTRIBUTE, stageAssignment } from "../orders/order-items.js";
import { sellerMaySell } from "../orders/order-repository.js";
import { deliveredPlace, paidPlace } from "../orders/order-stages.js";
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
  /** The first of a key order's code moves, one per code in `keys.codeIds` order (each must still be where it was). */
  readonly codes?: number;
  /**
   * A key order's credit to its seller. When the write must check its seller (a purchase, a late
   * payment), the credit carries that check (the seller exists and is not blocked): a transaction names
   * the seller's account once.
   */
  readonly credit?: number;
}

/**
 * The update that makes a storefront order paid by `payment`, while it is in the state it was read in. A
 * key product's order is delivered by it too: its codes named, and no delivery token kept for the seller.
 */
const orderPaidUpdate = (tableName: string, paid: PaidOrder, payment: ProviderPayment): TransactItem => {
  // The payment moves the order's stage in this same conditional write: from waiting (or from none, a
  // late payment of a canceled order) to undelivered, or straight to its day's delivered stage when its
  // codes are delivered with it.
  const stage = stageAssignment(paid, paid.keys ? deliveredPlace(paid.at) : paidPlace(paid.at));
  return {
    Update: {
      TableName: tableName,
      Key: orderTableItem.key(paid.orderId),
      UpdateExpression: `SET #status = :paid, payment_system = :system, payment_id = :paymentId, paid_at = :at, webhook_event_id = :eventId, ${
        paid.fee ? "fee_bp = :feeBp, fee_amount = :fee, " : ""
      }${
        paid.keys
          ? "delivered = :delivered, delivered_at = :at, key_codes = :codes"
          : "#sealedToken = :sealedToken"
      }, ${stage.expression} REMOVE ${indexAttributeList(indexedCollections.expiringOrders)}`,
      ConditionExpression: "#status = :from",
      ExpressionAttributeNames: {
        "#status": "status",
        ...(paid.keys ? {} : { "#sealedToken": SEALED_TOKEN_ATTRIBUTE }),
      },
      ExpressionAttributeValues: {
        ":paid": "paid",
        ":from": payment.from,
        ":system": payment.paymentSystem,
        ":paymentId": payment.paymentId,
        ":at": paid.at,
        ":eventId": paid.events[0].event_id,
        ...(paid.fee ? { ":feeBp": paid.fee.basisPoints, ":fee": paid.fee.fee } : {}),
        ...(paid.keys
          ? { ":delivered": true, ":codes": [...paid.keys.codeIds] }
          : { ":sealedToken": paid.tokenSealed }),
        ...stage.values,
      },
    },
  };
};

/** A key order paid in time: the codes it reserved are delivered ones now, in its product's counts. */
const reservedCodesDelivered = (tableName: string, productId: string, quantity: number): TransactItem => ({
  Update: {
    TableName: tableName,
    Key: keys.product(productId),
    UpdateExpression: "ADD key_reserved :minus, key_delivered :q",
    ConditionExpression: "attribute_exists(PK)",
    ExpressionAttributeValues: { ":minus": -quantity, ":q": quantity },
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
 * (with a late payment's seller check), a key order's codes, the buyer's debit and its ledger entry, the
 * order, the delivery token's hash, the outbox events, the buyer's history, the chat's first messages, a
 * key order's credit to its seller and the marketplace's fee on it, in that order. The writer adds its own conditions after them.
 */
export const paidOrderItems = (
  tableName: string,
  paid: PaidOrder,
): { items: TransactItem[]; positions: PaidOrderPositions } => {
  const items: TransactItem[] = [];
  /** Appends `added`, answering the position of the first of them. */
  const append = (...added: TransactItem[]): number => items.push(...added) - added.length;
  const { stock, paidBy, keys: keyed } = paid;
  const quoted = stock?.kind === "quoted" ? stock.quoted : undefined;
  const stockAt = stock
    ? append(
        stockTake(tableName, stock.productId, stock.quantity, {
          ...(quoted ? { quoted } : {}),
          ...(keyed ? { codesTo: "delivered" as const } : {}),
        }),
      )
    : undefined;
  if (keyed && !stock) append(reservedCodesDelivered(tableName, keyed.productId, keyed.codeIds.length));
  // A key order's credit checks its seller itself (see PaidOrderPositions.credit).
  const creditChecksSeller =
    keyed !== undefined && (paidBy.kind === "purchase" || stock?.kind === "reserved");
  let sellerAt =
    stock?.kind === "reserved" && !creditChecksSeller
      ? append(sellerMaySell(tableName, stock.sellerId))
      : undefined;
  const codesAt = keyed
    ? append(
        ...codeMoves(tableName, {
          sellerId: paid.sellerId,
          productId: keyed.productId,
          ids: keyed.codeIds,
          from:
            keyed.from === "available"
              ? { state: "available" }
              : { state: "reserved", orderId: paid.orderId },
          to: { state: "delivered", orderId: paid.orderId },
        }),
      )
    : undefined;
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
      ...(paid.fee ? { fee: paid.fee } : {}),
      at: paid.at,
      spent: keyed !== undefined,
    }),
    ...paid.events.map((event) => outboxPut(tableName, event, paid.at)),
    ...(keyed ? [outboxPut(tableName, keyed.delivered, paid.at)] : []),
    ...(paidBy.kind === "purchase" ? historyEntryPuts(tableName, paidBy.order) : []),
    ...paid.chatMessages.map((message) => chatMessagePut(tableName, message)),
  );
  const creditAt = keyed
    ? append(
        ...balanceMovementItems(
          tableName,
          keyed.credit,
          creditChecksSeller ? { unlessModeration: SellerModeration.blocked } : {},
        ),
      )
    : undefined;
  // A key order's sale credits the marketplace its fee in the same write as the seller's share (#25).
  if (keyed && paid.fee)
    append(
      ...revenueMovementItems(tableName, {
        orderId: paid.orderId,
        sellerId: paid.sellerId,
        saleAmount: paid.amount,
        fee: paid.fee,
        at: paid.at,
      }),
    );
  if (creditChecksSeller && stock?.kind === "reserved") sellerAt = creditAt;
  return {
    items,
    positions: {
      order: orderAt,
      stock: stockAt,
      seller: sellerAt,
      balance: balanceAt,
      codes: codesAt,
      credit: creditAt,
    },
  };
};
