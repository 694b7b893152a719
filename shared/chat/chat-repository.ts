import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import { type DynamoDBDocumentClient, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { projectionExpression } from "../data/projection-expression.js";
import { collections } from "../data/table-keys.js";
import { type ChatMessageRecord, chatMessageRecordSchema } from "./chat-message.js";
import { chatMessagePut, chatMessageTableItem } from "./chat-message-item.js";

/** Who reads a chat: its buyer sees every message, its seller all but the buyer's own (a gift's code). */
export type ChatViewer = "buyer" | "seller";

/** Persistence of order chats: every message lives in its order's partition, keyed by its position. */
export interface ChatStore {
  /** How many messages the chat holds now: its last message's position (read consistently). */
  length(orderId: string): Promise<number>;
  /** Puts a message at its position: "appended", or "taken" when another message holds the position. */
  append(message: ChatMessageRecord): Promise<"appended" | "taken">;
  /** The messages at positions `from` to `to` (both included), oldest first, as `viewer` may read them. */
  range(orderId: string, from: number, to: number, viewer: ChatViewer): Promise<ChatMessageRecord[]>;
}

/** The DynamoDB implementation of ChatStore. */
export const createChatRepository = (client: DynamoDBDocumentClient, tableName: string): ChatStore => ({
  async length(orderId) {
    const { PK, skPrefix } = collections.chat(orderId);
    const last = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: "PK = :pk AND begins_with(SK, :prefix)",
        ExpressionAttributeValues: { ":pk": PK, ":prefix": skPrefix },
        ...projectionExpression(chatMessageTableItem.projections.length),
        ScanIndexForward: false,
        Limit: 1,
        ConsistentRead: true,
      }),
    );
    const position = last.Items?.[0]?.position;
    return typeof position === "number" ? position : 0;
  },

  async append(message) {
    // The same item a purchase or dispute writes in its transaction, sent alone: one conditional Put.
    const { Put } = chatMessagePut(tableName, message);
    if (!Put) throw new Error("chatMessagePut built no Put");
    try {
      await client.send(new PutCommand(Put));
      return "appended";
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return "taken";
      throw error;
    }
  },

  async range(orderId, from, to, viewer) {
    const items: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    // The page is one key range: it costs the messages it holds, never those before it. One Query
    // returns at most 1 MB (about 130 of the longest messages), so a page of 100 may take two.
    // Consistent, so a sender's next read shows the message just sent.
    do {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: "PK = :pk AND SK BETWEEN :from AND :to",
          ExpressionAttributeValues: {
            ":pk": chatMessageTableItem.key(orderId, from).PK,
            ":from": chatMessageTableItem.key(orderId, from).SK,
            ":to": chatMessageTableItem.key(orderId, to).SK,
          },
          ConsistentRead: true,
          // The seller's pages start after the buyer-only messages; this keeps any a range reached out.
          ...(viewer === "seller" ? { FilterExpression: "attribute_not_exists(audience)" } : {}),
          ExclusiveStartKey: startKey,
        }),
      );
      items.push(...(result.Items ?? []));
      startKey = result.LastEvaluatedKey;
    } while (startKey);
    return items.map((item) => chatMessageRecordSchema.parse(item));
  },
});
