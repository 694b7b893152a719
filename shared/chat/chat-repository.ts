import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import { type DynamoDBDocumentClient, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { collections } from "../data/table-keys.js";
import { type ChatMessageRecord, chatMessageRecordSchema } from "./chat-message.js";
import { chatMessagePut } from "./chat-message-item.js";

/** Persistence of order chats: every message lives in its order's partition. */
export interface ChatStore {
  /** Adds a message; false when its chat already holds a message with that id (the caller picks another). */
  add(message: ChatMessageRecord): Promise<boolean>;
  /** The chat's messages oldest first: `limit` of them after skipping `offset`, as `viewer` may read them. */
  page(
    orderId: string,
    offset: number,
    limit: number,
    viewer: "buyer" | "seller",
  ): Promise<ChatMessageRecord[]>;
}

/** The DynamoDB implementation of ChatStore. */
export const createChatRepository = (client: DynamoDBDocumentClient, tableName: string): ChatStore => ({
  async add(message) {
    // The same item a purchase writes in its transaction, sent alone: one conditional Put costs half
    // of a one-item transaction.
    const { Put } = chatMessagePut(tableName, message);
    if (!Put) throw new Error("chatMessagePut built no Put");
    try {
      await client.send(new PutCommand(Put));
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  },

  async page(orderId, offset, limit, viewer) {
    const { PK, skPrefix } = collections.chat(orderId);
    const wanted = offset + limit;
    const items: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    // One Query returns at most 1 MB, about 130 messages of the longest kind, so a deep page may take
    // several; it stops at the chat's end or once the page is full. Consistent, so a sender's next
    // read shows the message just sent.
    do {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: "PK = :pk AND begins_with(SK, :prefix)",
          ExpressionAttributeValues: { ":pk": PK, ":prefix": skPrefix },
          ScanIndexForward: true,
          ConsistentRead: true,
          // Buyer-only messages (a gift's code) are not the seller's to read.
          ...(viewer === "seller" ? { FilterExpression: "attribute_not_exists(audience)" } : {}),
          Limit: wanted - items.length,
          ExclusiveStartKey: startKey,
        }),
      );
      items.push(...(result.Items ?? []));
      startKey = result.LastEvaluatedKey;
    } while (startKey && items.length < wanted);
    return items.slice(offset, wanted).map((item) => chatMessageRecordSchema.parse(item));
  },
});
