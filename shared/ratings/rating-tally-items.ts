import type { ItemKey } from "../data/table-keys.js";
import type { TransactItem } from "../data/transactions.js";

/**
 * The one write that moves a rating tally (a product's or a seller's `rating_sum` and `rating_count`):
 * an `ADD` of the change, never a read-modify-write, so tallies written by parallel transactions add up.
 * It is put into the transaction that approves, edits, rejects or removes the review it counts, which is
 * conditioned on that review's version: a repeated or raced decision fails there and adds nothing. The
 * target must exist (an `ADD` would otherwise create a stray item at a deleted product's key).
 */
export const ratingTallyUpdate = (
  tableName: string,
  key: ItemKey,
  change: { readonly sum: number; readonly count: number },
): TransactItem => ({
  Update: {
    TableName: tableName,
    Key: key,
    UpdateExpression: "ADD rating_sum :sum, rating_count :count",
    ConditionExpression: "attribute_exists(PK)",
    ExpressionAttributeValues: { ":sum": change.sum, ":count": change.count },
  },
});
