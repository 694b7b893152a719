import { keys } from "../data/table-keys.js";
import type { TransactItem } from "../data/transactions.js";
import type { ChatMessageRecord } from "./chat-message.js";

/** The transaction item that adds a message to an order's chat (a purchase or dispute writes it beside its change). */
export const chatMessagePut = (tableName: string, message: ChatMessageRecord): TransactItem => ({
  Put: {
    TableName: tableName,
    Item: { ...keys.chatMessage(message.order_id, message.message_id), entity: "chat_message", ...message },
    ConditionExpression: "attribute_not_exists(PK)",
  },
});
