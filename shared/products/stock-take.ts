import { keys } from "../data/table-keys.js";
import type { TransactItem } from "../data/transactions.js";

/** The price and discount a buyer was quoted; the stock is taken only while the product still has them. */
export interface QuotedPrice {
  readonly price: number;
  readonly discount: number;
}

/**
 * Why the stock could not be taken; `stock_changed` when the product started selling uploaded codes
 * since it was read (its count is its codes' now, taken only with them).
 */
export type StockRefusal = "product_unavailable" | "price_changed" | "insufficient_stock" | "stock_changed";

/** How a sale takes its stock: at a quoted price or none, and, for a key product, where its codes go. */
export interface StockTakeOptions {
  readonly quoted?: QuotedPrice;
  /**
   * The sale takes uploaded codes, which leave the available ones for this state in the same
   * transaction (`code-moves.ts`): the product must sell codes, and counts them there. Without it the
   * product must not sell codes: declared stock is taken only from a product that has it.
   */
  readonly codesTo?: "reserved" | "delivered";
}

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
  options: StockTakeOptions = {},
): TransactItem => {
  const { quoted, codesTo } = options;
  return {
    Update: {
      TableName: tableName,
      Key: keys.product(productId),
      UpdateExpression: `SET #count = #count - :q${codesTo ? ` ADD key_${codesTo} :q` : ""}`,
      ConditionExpression: `status_moderation = :approved AND #count >= :q${
        quoted ? " AND price = :price AND discount = :discount" : ""
      } AND ${codesTo ? "key_stock = :keyed" : "attribute_not_exists(key_stock)"}`,
      ExpressionAttributeNames: { "#count": "count" },
      ExpressionAttributeValues: {
        ":q": quantity,
        ":approved": "approved",
        ...(quoted ? { ":price": quoted.price, ":discount": quoted.discount } : {}),
        ...(codesTo ? { ":keyed": 1 } : {}),
      },
      ReturnValuesOnConditionCheckFailure: "ALL_OLD",
    },
  };
};

/** Why a `stockTake` failed, from the product as it was (undefined when it no longer exists). */
export const stockRefusal = (
  product: Record<string, unknown> | undefined,
  options: StockTakeOptions = {},
): StockRefusal => {
  const { quoted } = options;
  if (product?.status_moderation !== "approved") return "product_unavailable";
  if (quoted && (product.price !== quoted.price || product.discount !== quoted.discount))
    return "price_changed";
  if ((product.key_stock === 1) !== (options.codesTo !== undefined)) return "stock_changed";
  return "insufficient_stock";
};
