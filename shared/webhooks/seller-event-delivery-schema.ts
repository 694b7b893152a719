import * as z from "../validation/zod-mini.js";

/**
 * One line of GET /api/v1/seller/webhook-events/deliveries (an extension): an attempt, as its seller
 * sees it. Apart from the handler's code, which imports only its type: the descriptions weigh on no bundle.
 */
export const eventDeliverySchema = z.strictObject({
  event_id: z.string().check(z.describe("The event's id: the webhook-id header, the same on every attempt")),
  type: z.string().check(z.describe("The event's type, e.g. dispute.opened")),
  attempt: z.int().check(z.describe("1 for the first attempt, then 2, 3, …")),
  at: z.string().check(z.describe("When the attempt started, YYYY-MM-DD HH:MM:SS UTC")),
  target: z
    .string()
    .check(
      z.describe("The origin called (scheme, host, port), never the path or query; empty when none was set"),
    ),
  outcome: z
    .enum(["delivered", "failed", "refused"])
    .check(
      z.describe(
        "delivered: a 2xx answer; failed: another answer or none (retried); refused: not sent (no api_url, or an address the service never calls)",
      ),
    ),
  http_status: z.nullable(z.int()).check(z.describe("The receiver's HTTP status; null without an answer")),
  error: z.nullable(z.string()).check(z.describe("Why there was no answer; null when there was one")),
  duration_ms: z.int().check(z.describe("How long the call took, in milliseconds")),
});
export type EventDelivery = z.infer<typeof eventDeliverySchema>;
