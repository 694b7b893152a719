import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { setExpression } from "../data/set-expression.js";
import type { TransactItem } from "../data/transactions.js";
import { labelledWrite } from "./labelled-write-repository.js";
import type { ProductRecord } from "./product.js";
import { productTableItem } from "./product-items.js";
import { listingMove, moveClauses, moveItems } from "./seller-list-upkeep.js";

/** The one write every moderation step makes (a seller's submission or image, the operator's decision). */
export const createModerationMove = (client: DynamoDBDocumentClient, tableName: string) => {
  /**
   * Moves a product read just before to `changes` with the status set by a moderation step, on condition
   * that it is still listed as read plus `condition`; `remove` lists attributes to drop.
   */
  const moderate = (
    current: ProductRecord,
    changes: Partial<ProductRecord>,
    extra: { condition?: string; values?: Record<string, unknown>; remove?: string } = {},
  ) => {
    const move = listingMove(current, { ...current, ...changes });
    const set = setExpression(changes);
    const clauses = moveClauses(current, move);
    // A move is conditioned on the listing as read; a write that moves nothing still sets the status, so it
    // must find the status it read.
    const listed = clauses.condition || "status_moderation = :listedStatus";
    const update: TransactItem = {
      Update: {
        TableName: tableName,
        Key: productTableItem.key(current.id),
        UpdateExpression: `SET ${[set.expression, clauses.set].filter(Boolean).join(", ")}${extra.remove ? ` REMOVE ${extra.remove}` : ""}`,
        ConditionExpression: [listed, extra.condition].filter(Boolean).join(" AND "),
        ExpressionAttributeNames: { ...set.names, ...clauses.names },
        ExpressionAttributeValues: {
          ...set.values,
          ":listedStatus": current.status_moderation,
          ...clauses.values,
          ...extra.values,
        },
      },
    };
    const listing = moveItems(tableName, move, 0, current.seller_id);
    return labelledWrite(client, [update, ...listing.items], ["stale", ...listing.labels]);
  };
  return moderate;
};
