import * as z from "../validation/zod-mini.js";
import { sellerEventJobSchema } from "./seller-event-job.js";

/** A payment webhook job: notify the seller of a paid order. The delivery token travels sealed. */
export const paymentWebhookJobSchema = z.object({
  event_id: z.string().check(z.minLength(1)),
  order_id: z.string().check(z.minLength(1)),
  token_sealed: z.string().check(z.minLength(1)),
});
export type WebhookJob = z.infer<typeof paymentWebhookJobSchema>;

/** Anything on the webhook queue: a payment webhook, or an event a seller may have opted into (#23). */
export const webhookQueueJobSchema = z.union([paymentWebhookJobSchema, sellerEventJobSchema]);
export type WebhookQueueJob = z.infer<typeof webhookQueueJobSchema>;

/** The buyer e-mails of an order: the delivered product, and a gift's code. */
export const emailTemplates = ["delivery", "gift"] as const;
export type EmailTemplate = (typeof emailTemplates)[number];

/** An e-mail job: which message to send for which order. */
export const emailJobSchema = z.object({
  event_id: z.string().check(z.minLength(1)),
  order_id: z.string().check(z.minLength(1)),
  template: z.enum(emailTemplates),
});
export type EmailJob = z.infer<typeof emailJobSchema>;
