import { dateTime } from "../time/formats.js";
import type { EventAttempt, EventAttemptStore } from "./event-attempt-repository.js";
import type { EventDelivery } from "./seller-event-delivery-schema.js";

/** How many of the latest attempts GET /api/v1/seller/webhook-events/deliveries answers. */
export const EVENT_DELIVERIES_SHOWN = 100;

const view = (attempt: EventAttempt): EventDelivery => ({
  event_id: attempt.event_id,
  type: attempt.type,
  attempt: attempt.attempt,
  at: dateTime(new Date(attempt.at)),
  target: attempt.target,
  outcome: attempt.outcome,
  http_status: attempt.http_status ?? null,
  error: attempt.error ?? null,
  duration_ms: attempt.duration_ms,
});

/** The caller's latest attempts of the events it opted into, newest first (kept 7 days). */
export const eventDeliveries = async (
  attempts: Pick<EventAttemptStore, "latest">,
  sellerId: number,
): Promise<EventDelivery[]> => (await attempts.latest(sellerId, EVENT_DELIVERIES_SHOWN)).map(view);
