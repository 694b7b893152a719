import { defineTableItem } from "../data/table-item.js";
import { keys } from "../data/table-keys.js";
import type { TransactItem } from "../data/transactions.js";
import type { AppliedFee } from "../fees/applied-fee.js";

/** A delivery token, found by its SHA-256; the token itself is never stored in clear. */
export const deliveryTokenTableItem = defineTableItem({ entity: "delivery_token", key: keys.deliveryToken });

/** A fee as its token keeps it (the category only when known). */
const feeOnToken = (fee: AppliedFee) => ({
  fee_bp: fee.basisPoints,
  fee_amount: fee.fee,
  ...(fee.categoryId === undefined ? {} : { fee_category_id: fee.categoryId }),
});

/** The fee a token carries, read back (none when it has no `fee_bp`). */
export const feeFromToken = (item: Readonly<Record<string, unknown>>): AppliedFee | undefined => {
  const { fee_bp: basisPoints, fee_amount: fee, fee_category_id: categoryId } = item;
  if (typeof basisPoints !== "number" || typeof fee !== "number") return undefined;
  return { basisPoints, fee, categoryId: typeof categoryId === "number" ? categoryId : undefined };
};

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
    /** The fee decided at payment (#25), so delivery credits the seller the amount less it, reading no order. */
    fee?: AppliedFee;
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
      ...(token.fee ? feeOnToken(token.fee) : {}),
      created_at: token.at,
      ...(token.spent ? { used_at: token.at } : {}),
    }),
    ConditionExpression: "attribute_not_exists(PK)",
  },
});
