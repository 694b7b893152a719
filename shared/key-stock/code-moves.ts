import { indexedCollections } from "../data/table-keys.js";
import type { TransactItem } from "../data/transactions.js";
import { type KeyCodeState, keyCodeTableItem } from "./key-code-item.js";

/** Where a code stands before or after a move: its state and, unless available, the order holding it. */
export type CodePlace =
  | { readonly state: "available" }
  | { readonly state: "reserved" | "delivered"; readonly orderId: string };

/** The codes of one product of one seller that a sale or its end moves, by id. */
export interface CodesMoved {
  readonly sellerId: number;
  readonly productId: string;
  readonly ids: readonly string[];
  readonly from: CodePlace;
  readonly to: CodePlace;
}

const { partitionKey } = indexedCollections.productKeyCodes.index;

/**
 * The transaction items that move codes between states, one update per code, each only while the code
 * is still where the move expects it (its state, its product and, when held, its order): a code two
 * writes want goes to one of them, and the other's transaction fails on it. A code keeps its place in
 * upload order; only its state's list changes.
 */
export const codeMoves = (tableName: string, moved: CodesMoved): TransactItem[] =>
  moved.ids.map((id) => {
    const { from, to } = moved;
    const values: Record<string, unknown> = {
      ":from": from.state,
      ":to": to.state,
      ":product": moved.productId,
      ":list": indexedCollections.productKeyCodes.partition(moved.productId, to.state satisfies KeyCodeState),
    };
    if (from.state !== "available") values[":held"] = from.orderId;
    if (to.state !== "available") values[":order"] = to.orderId;
    return {
      Update: {
        TableName: tableName,
        Key: keyCodeTableItem.key(moved.sellerId, id),
        UpdateExpression: `SET #state = :to, #list = :list${to.state === "available" ? " REMOVE order_id" : ", order_id = :order"}`,
        ConditionExpression: `#state = :from AND product_id = :product${from.state === "available" ? "" : " AND order_id = :held"}`,
        ExpressionAttributeNames: { "#state": "state", "#list": partitionKey },
        ExpressionAttributeValues: values,
      },
    };
  });
