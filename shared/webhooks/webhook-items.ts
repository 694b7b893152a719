import { defineTableItem } from "../data/table-item.js";
import { keys } from "../data/table-keys.js";

/** One attempt to call a seller's webhook for an order, in time order under the order. */
export const webhookAttemptTableItem = defineTableItem({
  entity: "webhook_attempt",
  key: keys.webhookAttempt,
});

/** One attempt to send a seller an event it opted into (#23), in time order under the seller. */
export const eventAttemptTableItem = defineTableItem({
  entity: "webhook_event_attempt",
  key: keys.webhookEventAttempt,
});
