import { defineTableItem } from "../data/table-item.js";
import { keys } from "../data/table-keys.js";
import type { TransactItem } from "../data/transactions.js";
import type { AppliedFee } from "./applied-fee.js";
import type { RevenueEntry } from "./revenue-entry.js";
import { revenueShardOf } from "./revenue-shard.js";

/** One fee under its revenue shard, in time order. */
export const revenueEntryTableItem = defineTableItem({ entity: "revenue", key: keys.revenueEntry });

/** The marketplace's side of a sale with a fee: which order, whose, for how much. */
export interface RevenueMovement {
  readonly orderId: string;
  readonly sellerId: number;
  /** The sale's whole amount; the seller is credited this less the fee. */
  readonly saleAmount: number;
  readonly fee: AppliedFee;
  readonly at: string;
}

/**
 * The two transaction items that credit the marketplace with a sale's fee, for the same transaction as
 * the seller's credit of the rest: its shard's balance (`ADD`, no read, created by the first fee) and the
 * ledger entry. A fee rounded down to 0 moves nothing and writes nothing.
 */
export const revenueMovementItems = (tableName: string, movement: RevenueMovement): TransactItem[] => {
  const { fee } = movement;
  if (fee.fee === 0) return [];
  const shard = revenueShardOf(movement.orderId);
  const entry: RevenueEntry = {
    // An order's fee is credited once, by the write that delivers it: the order's id names its entry.
    entry_id: movement.orderId,
    shard,
    order_id: movement.orderId,
    seller_id: movement.sellerId,
    ...(fee.categoryId === undefined ? {} : { category_id: fee.categoryId }),
    sale_amount: movement.saleAmount,
    fee: fee.fee,
    basis_points: fee.basisPoints,
    created_at: movement.at,
  };
  return [
    {
      Update: {
        TableName: tableName,
        Key: keys.revenueShard(shard),
        UpdateExpression: "ADD balance :fee",
        ExpressionAttributeValues: { ":fee": fee.fee },
      },
    },
    {
      Put: {
        TableName: tableName,
        Item: revenueEntryTableItem.item([shard, movement.at, movement.orderId], entry),
        ConditionExpression: "attribute_not_exists(PK)",
      },
    },
  ];
};
