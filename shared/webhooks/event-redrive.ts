import { refuse, worded } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { type SellerEventJob, sellerEventJobSchema } from "../queue/seller-event-job.js";
import type { EventAttemptStore } from "./event-attempt-repository.js";

/** The operator's re-drive of an event a seller opted into: one more round of attempts for it. */
export const createEventRedrive = (deps: {
  attempts: Pick<EventAttemptStore, "ofEvent">;
  removeFromDeadLetter: (eventId: string) => Promise<number>;
  enqueue: (job: SellerEventJob) => Promise<void>;
}) => ({
  /** Takes the event out of the dead-letter queue (if there) and queues the job its attempts sent afresh. */
  async redrive(sellerId: number, eventId: string) {
    const attempts = await deps.attempts.ofEvent(sellerId, eventId);
    const [first] = attempts;
    if (!first) throw refuse(worded(refusals.sellerEventNotFound, { sellerId, eventId }));
    if (attempts.some((attempt) => attempt.outcome === "delivered"))
      throw refuse(worded(refusals.sellerEventAlreadyDelivered, { eventId }));
    const removed = await deps.removeFromDeadLetter(eventId);
    // Parsed here, where it is queued again: a job stored by an older build that no longer parses is refused.
    await deps.enqueue(sellerEventJobSchema.parse(first.job));
    return {
      seller_id: sellerId,
      event_id: eventId,
      type: first.type,
      redriven: true,
      removed_from_dead_letter: removed,
    };
  },
});
