import { defineTableItem } from "../data/table-item.js";
import { keys } from "../data/table-keys.js";
import type { TransactItem } from "../data/transactions.js";
import type { ChatMessageRecord } from "./chat-message.js";

/** One message of an order's chat under the order, at its position in the chat. */
export const chatMessageTableItem = defineTableItem({
  entity: "chat_message",
  key: keys.chatMessage,
  projections: {
    /** What telling a chat's length reads of its last message. */
    length: ["position"],
  } as const satisfies Readonly<Record<string, readonly (keyof ChatMessageRecord)[]>>,
});

/**
 * The item that puts a message at its position in its chat, on condition that no message holds that
 * position yet: the message item is its own lock, so two writers never share a position, and a writer
 * only ever aims at the position after one it knows exists, so a chat has no holes.
 */
export const chatMessagePut = (tableName: string, message: ChatMessageRecord): TransactItem => ({
  Put: {
    TableName: tableName,
    Item: chatMessageTableItem.item([message.order_id, message.position], message),
    ConditionExpression: "attribute_not_exists(PK)",
  },
});
