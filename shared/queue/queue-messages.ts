import * as z from "../validation/zod-mini.js";

/** A webhook job: notify the seller of a paid order. The delivery token travels sealed. */
export const webhookJobSchema = z.object({
  event_id: z.string().check(z.minLength(1)),
  order_id: z.string().check(z.minLength(1)),
  token_sealed: z.string().check(z.minLength(1)),
});
export type WebhookJob = z.infer<typeof webhookJobSchema>;

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
