import * as z from "../validation/zod-mini.js";

/** One recorded attempt to call a seller's webhook, the payment webhook's or an event's. */
export const webhookAttemptSchema = z.object({
  event_id: z.string(),
  attempt: z.number().check(z.int()),
  at: z.string(),
  target: z.string(),
  outcome: z.enum(["delivered", "failed", "refused"]),
  http_status: z.optional(z.number().check(z.int())),
  error: z.optional(z.string()),
  duration_ms: z.number().check(z.int()),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;
