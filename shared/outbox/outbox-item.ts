import { defineTableItem } from "../data/table-item.js";
import { keys } from "../data/table-keys.js";
import { OUTBOX_RETENTION_SECONDS, type OutboxEvent } from "./outbox-event.js";

/**
 * An outbox event: the table's stream carries it to its queue. The stream's consumer (and its event
 * source's filter, `infra/cdk/constructs/workers.ts`) recognises it by its entity.
 */
export const outboxTableItem = defineTableItem({ entity: "outbox", key: keys.outboxEvent });

/** The transaction item that writes an outbox event beside the change that promises it. */
export const outboxPut = (tableName: string, event: OutboxEvent, at: string) => ({
  Put: {
    TableName: tableName,
    Item: outboxTableItem.item([event.event_id], {
      ...event,
      created_at: at,
      expires_at: Math.floor(Date.parse(at) / 1000) + OUTBOX_RETENTION_SECONDS,
    }),
    ConditionExpression: "attribute_not_exists(PK)",
  },
});
