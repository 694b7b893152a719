import { type DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import { keys } from "../data/table-keys.js";
import { type OutboxEvent, outboxEventSchema } from "./outbox-event.js";

/** Reads an outbox event while it is retained (7 days), e.g. to re-drive a webhook. */
export const createOutboxRepository = (client: DynamoDBDocumentClient, tableName: string) => ({
  async get(eventId: string): Promise<OutboxEvent | undefined> {
    const result = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.outboxEvent(eventId) }),
    );
    return result.Item ? outboxEventSchema.parse(result.Item) : undefined;
  },
});
