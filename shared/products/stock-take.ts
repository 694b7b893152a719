import { keys } from "../data/table-keys.js";
import type { TransactItem } from "../data/transactions.js";

/** The price and discount a buyer was quoted; the stock is taken only while the product still has them. */
export interface QuotedPrice {
  readonly price: number;
  readonly discount: number;
}

/** Why the stock could not be taken. */
export type StockRefusal = "product_unavailable" | "price_changed" | "insufficient_stock";

/**
 * The transaction item every sale takes its stock with: `count` never goes below zero, the product must
 * still be approved, and, when a price was quoted, it must still have that price (a late payment takes
 * its stock at the price the buyer already paid, so it quotes none). On failure it returns the product as
 * it was (`ALL_OLD`), so `stockRefusal` can tell the caller why.
 */
export const stockTake = (
  tableName: string,
  productId: string,
  quantity: number,
  quoted?: QuotedPrice,
): TransactItem => ({
  Update: {
    TableName: tableName,
    Key: keys.product(productId),
    UpdateExpression: "SET #count = #count - :q",
    ConditionExpression: `status_moderation = :approved AND #count >= :q${
      quoted ? " AND price = :price AND discount = :discount" : ""
    }`,
    ExpressionAttributeNames: { "#count": "count" },
    ExpressionAttributeValues: {
      ":q": quantity,
      ":approved": "approved",
      ...(quoted ? { ":price": quoted.price, ":discount": quoted.discount } : {}),
    },
    ReturnValuesOnConditionCheckFailure: "ALL_OLD",
  },
});

/** Why a `stockTake` failed, from the product as it was (undefined when it no longer exists). */
export const stockRefusal = (
  product: Record<string, unknown> | undefined,
  quoted?: QuotedPrice,
): StockRefusal => {
  if (product?.status_moderation !== "approved") return "product_unavailable";
  if (quoted && (product.price !== quoted.price || product.discount !== quoted.discount))
    return "price_changed";
  return "insufficient_stock";
};
