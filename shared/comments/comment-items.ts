import { defineTableItem } from "../data/table-item.js";
import { keys } from "../data/table-keys.js";
import type { TransactItem } from "../data/transactions.js";

/**
 * A moderated comment on a product, in time order under the product. (Its product's comment count is
 * made by an `ADD` update and carries no entity: it keeps its bare key, `keys.commentCount`.)
 */
export const commentTableItem = defineTableItem({ entity: "comment", key: keys.comment });

/** The transaction item that moves a product's comment count by `change` (an `ADD`: parallel writes add up). */
export const commentCountUpdate = (tableName: string, productId: string, change: number): TransactItem => ({
  Update: {
    TableName: tableName,
    Key: keys.commentCount(productId),
    UpdateExpression: "ADD #total :change",
    ExpressionAttributeNames: { "#total": "total" },
    ExpressionAttributeValues: { ":change": change },
  },
});
