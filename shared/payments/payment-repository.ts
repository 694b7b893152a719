import { TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import { failedFrom } from "../data/transaction-errors.js";
import { writeTransaction } from "../data/transactions.js";
import type { PaidOrder, ProviderPayment } from "../paid-orders/paid-order.js";
import { paidOrderItems } from "../paid-orders/paid-order-items.js";
import { stockRefusal } from "../products/stock-take.js";
import { unappliedPaymentTableItem } from "./payment-items.js";

/**
 * What the write did: `paid`; `order_changed` (the order is no longer in the state it was written from);
 * `payment_recorded` (this provider payment was already recorded as unapplied, so it never pays the
 * order); or, for a canceled order, why its stock could not be taken again (for a key product's order,
 * also the codes it chose that another sale got first).
 */
export type ConfirmOutcome =
  | "paid"
  | "order_changed"
  | "payment_recorded"
  | "insufficient_stock"
  | "product_unavailable"
  | { readonly codesTaken: readonly string[] };

/** The one write that makes an order paid by a provider's payment. */
export interface PaymentStore {
  /**
   * Writes the paid order (a waiting one, or a canceled one whose stock it takes again) with everything
   * it issues (see `paidOrderItems`), all or nothing, unless its payment was recorded as unapplied.
   */
  confirm(paid: PaidOrder<ProviderPayment>): Promise<ConfirmOutcome>;
}

/** The DynamoDB implementation of PaymentStore. */
export const createPaymentRepository = (client: DynamoDBDocumentClient, tableName: string): PaymentStore => ({
  async confirm(paid) {
    const { items, positions } = paidOrderItems(tableName, paid);
    const unrecorded = items.length;
    // A provider payment recorded as unapplied (to be refunded) never pays the order afterwards: each
    // payment either pays its order or waits for its refund, never both.
    items.push({
      ConditionCheck: {
        TableName: tableName,
        Key: unappliedPaymentTableItem.key(paid.orderId, paid.paidBy.paymentId),
        ConditionExpression: "attribute_not_exists(PK)",
      },
    });
    try {
      await writeTransaction(client, items);
      return "paid";
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      const failed = (index: number | undefined) =>
        index !== undefined && reasons[index]?.Code === "ConditionalCheckFailed";
      if (failed(positions.order)) return "order_changed";
      if (failed(unrecorded)) return "payment_recorded";
      if (positions.stock !== undefined && failed(positions.stock)) {
        const product = reasons[positions.stock]?.Item;
        const refusal = stockRefusal(product ? unmarshall(product) : undefined, {
          ...(paid.keys ? { codesTo: "delivered" as const } : {}),
        });
        // A plain order of a product that sells uploaded codes now: its declared stock is gone with it.
        return refusal === "insufficient_stock" || refusal === "stock_changed"
          ? "insufficient_stock"
          : "product_unavailable";
      }
      const taken = failedFrom(error, positions.codes, paid.keys?.codeIds ?? []);
      if (taken.length > 0) return { codesTaken: taken };
      if (failed(positions.seller)) return "product_unavailable";
      throw error;
    }
  },
});
