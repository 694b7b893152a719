import { type DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import { type OutboxEvent, outboxEventSchema } from "./outbox-event.js";
import { outboxTableItem } from "./outbox-item.js";

/** Reads an outbox event while it is retained (7 days), e.g. to re-drive a webhook. */
export const createOutboxRepository = (client: DynamoDBDocumentClient, tableName: string) => ({
  async get(eventId: string): Promise<OutboxEvent | undefined> {
    const result = await client.send(
      new GetCommand({ TableName: tableName, Key: outboxTableItem.key(eventId) }),
    );
    return result.Item ? outboxEventSchema.parse(result.Item) : undefined;
  },
});
