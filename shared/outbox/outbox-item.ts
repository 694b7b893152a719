import { keys } from "../data/table-keys.js";
import { OUTBOX_RETENTION_SECONDS, type OutboxEvent } from "./outbox-event.js";

/** The transaction item that writes an outbox event beside the change that promises it. */
export const outboxPut = (tableName: string, event: OutboxEvent, at: string) => ({
  Put: {
    TableName: tableName,
    Item: {
      ...keys.outboxEvent(event.event_id),
      entity: "outbox",
      ...event,
      created_at: at,
      expires_at: Math.floor(Date.parse(at) / 1000) + OUTBOX_RETENTION_SECONDS,
    },
    ConditionExpression: "attribute_not_exists(PK)",
  },
});
