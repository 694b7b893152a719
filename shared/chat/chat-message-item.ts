import { keys } from "../data/table-keys.js";
import type { TransactItem } from "../data/transactions.js";
import type { ChatMessageRecord } from "./chat-message.js";

/**
 * The item that puts a message at its position in its chat, on condition that no message holds that
 * position yet: the message item is its own lock, so two writers never share a position, and a writer
 * only ever aims at the position after one it knows exists, so a chat has no holes.
 */
export const chatMessagePut = (tableName: string, message: ChatMessageRecord): TransactItem => ({
  Put: {
    TableName: tableName,
    Item: { ...keys.chatMessage(message.order_id, message.position), entity: "chat_message", ...message },
    ConditionExpression: "attribute_not_exists(PK)",
  },
});
