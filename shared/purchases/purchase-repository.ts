import { TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import { SellerModeration } from "../accounts/account.js";
import type { ChatMessageRecord } from "../chat/chat-message.js";
import { chatMessagePut } from "../chat/chat-message-item.js";
import { keys } from "../data/table-keys.js";
import { type TransactItem, writeTransaction } from "../data/transactions.js";
import { deliveryTokenPut } from "../delivery/delivery-token-item.js";
import type { IdempotencyClaim, StoredAnswer } from "../idempotency/idempotency-record.js";
import { idempotencyCompletion } from "../idempotency/idempotency-repository.js";
import type { BalanceMovement } from "../ledger/ledger-entry.js";
import { balanceMovementItems } from "../ledger/ledger-repository.js";
import { historyEntryPuts } from "../orders/buyer-history.js";
import type { OrderRecord } from "../orders/order.js";
import { orderItem } from "../orders/order-repository.js";
import type { OutboxEvent } from "../outbox/outbox-event.js";
import { outboxPut } from "../outbox/outbox-item.js";
import { stockRefusal, stockTake } from "../products/stock-take.js";

/** Everything one balance purchase writes, decided before the write. */
export interface PurchaseWrite {
  /** The paid order; its quantity leaves the product's stock. */
  readonly order: OrderRecord;
  /** The price and discount the total was computed from; the product must still have them. */
  readonly expected: { readonly price: number; readonly discount: number };
  readonly debit: BalanceMovement;
  /** SHA-256 of the delivery token the seller's webhook carries. */
  readonly tokenHash: string;
  /** The seller's webhook first, then anything else the purchase promises (the gift e-mail). */
  readonly events: readonly OutboxEvent[];
  readonly chatMessages: readonly ChatMessageRecord[];
  /** The Idempotency-Key claim this purchase completes, with the answer it will replay. */
  readonly idempotency?: { readonly claim: IdempotencyClaim; readonly answer: StoredAnswer };
  /**
   * What the offer assumed about the product's category and seller, checked in the same write instead of
   * read before it: the category is active, the seller exists and is not blocked, and, when the product
   * has no webhook of its own, the seller has one (the product is H2H).
   */
  readonly guards: {
    readonly categoryId: number;
    readonly sellerId: number;
    readonly sellerWebhookRequired: boolean;
  };
}

/** Why a purchase did not commit. */
export type PurchaseOutcome =
  | "ok"
  | "insufficient_stock"
  | "insufficient_balance"
  | "product_unavailable"
  | "price_changed"
  | "claim_lost"
  | "offer_changed";

/** The one write of a purchase from balance. */
export interface PurchaseStore {
  /** Takes the stock, debits the buyer, writes the paid order and all it promises: all or nothing. */
  commit(purchase: PurchaseWrite): Promise<PurchaseOutcome>;
}

/** The category and seller conditions a purchase commits under (see PurchaseWrite.guards). */
const guardChecks = (tableName: string, guards: PurchaseWrite["guards"]): TransactItem[] => [
  {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.category(guards.categoryId),
      ConditionExpression: "#status = :active",
      ExpressionAttributeNames: { "#status": "status" },
      ExpressionAttributeValues: { ":active": "active" },
    },
  },
  {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.account(guards.sellerId),
      ConditionExpression: `attribute_exists(PK) AND status_moderation <> :blocked${
        guards.sellerWebhookRequired ? " AND api_url <> :none" : ""
      }`,
      ExpressionAttributeValues: {
        ":blocked": SellerModeration.blocked,
        ...(guards.sellerWebhookRequired ? { ":none": "" } : {}),
      },
    },
  },
];

const PRODUCT = 0;
const BALANCE = 1;
const ORDER = 3;

/** The DynamoDB implementation of PurchaseStore. */
export const createPurchaseRepository = (
  client: DynamoDBDocumentClient,
  tableName: string,
): PurchaseStore => ({
  async commit(purchase) {
    const { order } = purchase;
    const [balanceUpdate, ledgerPut] = balanceMovementItems(tableName, purchase.debit);
    const items: TransactItem[] = [
      stockTake(tableName, order.product_id, order.quantity, purchase.expected),
      balanceUpdate,
      ledgerPut,
      {
        Put: {
          TableName: tableName,
          Item: orderItem(order),
          ConditionExpression: "attribute_not_exists(PK)",
        },
      },
      deliveryTokenPut(tableName, {
        hash: purchase.tokenHash,
        orderId: order.id_order,
        sellerId: order.seller_id,
        amount: order.amount,
        at: order.created_at,
      }),
      ...purchase.events.map((event) => outboxPut(tableName, event, order.created_at)),
      ...historyEntryPuts(tableName, order),
      ...purchase.chatMessages.map((message) => chatMessagePut(tableName, message)),
    ];
    const claimIndex = items.length;
    if (purchase.idempotency) {
      items.push(idempotencyCompletion(tableName, purchase.idempotency.claim, purchase.idempotency.answer));
    }
    const guardIndexes = [items.length, items.length + 1];
    items.push(...guardChecks(tableName, purchase.guards));
    try {
      await writeTransaction(client, items, 10, order.id_order);
      return "ok";
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const failed = (index: number) => error.CancellationReasons?.[index]?.Code === "ConditionalCheckFailed";
      // The order id is new to this attempt: if it exists, this very purchase committed (its answer was lost).
      if (failed(ORDER)) return "ok";
      // Stock is checked before balance (the spec's order): when both fail, stock is what the buyer hears.
      if (failed(PRODUCT)) {
        const product = error.CancellationReasons?.[PRODUCT]?.Item;
        return stockRefusal(product ? unmarshall(product) : undefined, purchase.expected);
      }
      if (failed(BALANCE)) return "insufficient_balance";
      if (purchase.idempotency && failed(claimIndex)) return "claim_lost";
      if (guardIndexes.some(failed)) return "offer_changed";
      throw error;
    }
  },
});
