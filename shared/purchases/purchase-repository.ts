import { TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import { SellerModeration } from "../accounts/account.js";
import { keys } from "../data/table-keys.js";
import { failedFrom } from "../data/transaction-errors.js";
import { type TransactItem, writeTransaction } from "../data/transactions.js";
import type { IdempotencyClaim, StoredAnswer } from "../idempotency/idempotency-record.js";
import { idempotencyCompletion } from "../idempotency/idempotency-repository.js";
import type { PaidPurchase } from "../paid-orders/paid-order.js";
import { paidOrderItems } from "../paid-orders/paid-order-items.js";
import { stockRefusal } from "../products/stock-take.js";

/** Everything one balance purchase writes, decided before the write. */
export interface PurchaseWrite {
  /** The paid order and all it issues: its stock, at the quoted price, and the buyer's debit among them. */
  readonly paid: PaidPurchase;
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

/**
 * Why a purchase did not commit: also `stock_changed` (the product started selling uploaded codes since it
 * was read) and, for a key product, the codes it chose that another sale or a withdrawal got first.
 */
export type PurchaseOutcome =
  | "ok"
  | "insufficient_stock"
  | "insufficient_balance"
  | "product_unavailable"
  | "price_changed"
  | "stock_changed"
  | "claim_lost"
  | "offer_changed"
  | { readonly codesTaken: readonly string[] };

/** The one write of a purchase from balance. */
export interface PurchaseStore {
  /** Takes the stock, debits the buyer, writes the paid order and all it promises: all or nothing. */
  commit(purchase: PurchaseWrite): Promise<PurchaseOutcome>;
}

/** The category and seller conditions a purchase commits under (see PurchaseWrite.guards). */
const guardChecks = (
  tableName: string,
  guards: PurchaseWrite["guards"],
  sellerCheckedByCredit: boolean,
): TransactItem[] => [
  {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.category(guards.categoryId),
      ConditionExpression: "#status = :active",
      ExpressionAttributeNames: { "#status": "status" },
      ExpressionAttributeValues: { ":active": "active" },
    },
  },
  // A key product's sale credits its seller in the same write, under the same conditions.
  ...(sellerCheckedByCredit
    ? []
    : [
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
      ]),
];

/** The DynamoDB implementation of PurchaseStore. */
export const createPurchaseRepository = (
  client: DynamoDBDocumentClient,
  tableName: string,
): PurchaseStore => ({
  async commit(purchase) {
    const { paid } = purchase;
    const { items, positions } = paidOrderItems(tableName, paid);
    const claimIndex = items.length;
    if (purchase.idempotency) {
      items.push(idempotencyCompletion(tableName, purchase.idempotency.claim, purchase.idempotency.answer));
    }
    const sellerCheckedByCredit = paid.keys !== undefined;
    const guardIndexes = [items.length, sellerCheckedByCredit ? (positions.credit ?? -1) : items.length + 1];
    items.push(...guardChecks(tableName, purchase.guards, sellerCheckedByCredit));
    try {
      await writeTransaction(client, items, 10, paid.orderId);
      return "ok";
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const failed = (index: number) => error.CancellationReasons?.[index]?.Code === "ConditionalCheckFailed";
      // The order id is new to this attempt: if it exists, this very purchase committed (its answer was lost).
      if (failed(positions.order)) return "ok";
      // Stock is checked before balance (the spec's order): when both fail, stock is what the buyer hears.
      if (positions.stock !== undefined && failed(positions.stock)) {
        const product = error.CancellationReasons?.[positions.stock]?.Item;
        return stockRefusal(product ? unmarshall(product) : undefined, {
          quoted: paid.stock.quoted,
          ...(paid.keys ? { codesTo: "delivered" as const } : {}),
        });
      }
      const taken = failedFrom(error, positions.codes, paid.keys?.codeIds ?? []);
      if (taken.length > 0) return { codesTaken: taken };
      if (positions.balance !== undefined && failed(positions.balance)) return "insufficient_balance";
      if (purchase.idempotency && failed(claimIndex)) return "claim_lost";
      if (guardIndexes.some(failed)) return "offer_changed";
      throw error;
    }
  },
});
