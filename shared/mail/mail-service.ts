import { randomUUID } from "node:crypto";
import * as refusals from "../errors/refusals.js";
import type { OrderCodes } from "../key-stock/order-codes.js";
import type { OrderRecord } from "../orders/order.js";
import type { OrderStore } from "../orders/order-repository.js";
import type { ProductStore } from "../products/product-repository.js";
import type { EmailJob, EmailTemplate } from "../queue/queue-messages.js";
import type { Clock } from "../time/clock.js";
import { deliveryMessage, giftMessage, type Mailer, type MailMessage } from "./mail-message.js";

/**
 * How long a sender's claim holds. A worker is stopped after 30 s, so a claim three times that old
 * belongs to a sender that died; the job's next copy may take it over. Shorter than the e-mail queue's
 * five receives (3 minutes apart in AWS, 30 s locally), so a job outlives a dead sender's claim.
 */
export const EMAIL_CLAIM_STALE_MS = 90_000;

/** Thrown for a copy of a job whose e-mail another sender is sending now: the queue tries it again later. */
export class EmailInProgressError extends Error {}

/**
 * Buyer e-mails: the delivered product, and a gift's code. Each goes out once, unless a sender dies
 * between sending and recording it: then once more after its claim goes stale. An e-mail is never lost
 * for a duplicate: a buyer without their product is worse than a buyer with two copies.
 */
export const createMailService = (deps: {
  orders: OrderStore;
  products: ProductStore;
  mailer: Mailer;
  /** A paid key order's codes, opened for its buyer's e-mail. */
  orderCodes: Pick<OrderCodes, "of">;
  now: Clock;
  /** Names this sender on its claims (random by default). */
  claimant?: () => string;
}) => {
  const messageFor = async (template: EmailTemplate, order: OrderRecord): Promise<MailMessage> => {
    const product = await deps.products.get(order.product_id);
    const productName = product?.name ?? "your product";
    if (template === "gift") {
      return giftMessage({
        to: order.buyer_email,
        orderId: order.id_order,
        productName,
        code: order.gift_code ?? "",
      });
    }
    // A key product's order carries its codes, opened for the buyer's e-mail only, one per line.
    const text = order.key_codes
      ? (await deps.orderCodes.of(order)).map((code) => code.code).join("\n")
      : (order.delivery_text ?? "");
    return deliveryMessage({
      to: order.buyer_email,
      orderId: order.id_order,
      productName,
      text,
      download: order.delivery_download ?? "",
    });
  };

  return {
    /** Sends one e-mail of an order (a delivered product, or a gift's code), unless it was already sent. */
    async send(job: EmailJob): Promise<"sent" | "already_sent"> {
      const order = await deps.orders.get(job.order_id);
      if (job.template === "delivery" && !order?.delivered)
        throw new Error(`Order ${job.order_id} is not delivered`);
      if (job.template === "gift" && !order?.gift_code)
        throw new Error(`Order ${job.order_id} is not a gift`);
      if (!order) throw new Error(refusals.orderIdNotFound.message({ orderId: job.order_id }));
      const sentAt = job.template === "gift" ? order.gift_email_sent_at : order.email_sent_at;
      if (sentAt) return "already_sent";
      const now = deps.now();
      const staleBefore = new Date(now.getTime() - EMAIL_CLAIM_STALE_MS).toISOString();
      const claimant = (deps.claimant ?? randomUUID)();
      const claim = await deps.orders.claimEmail(
        order.id_order,
        now.toISOString(),
        staleBefore,
        job.template,
        claimant,
      );
      if (claim === "sent") return "already_sent";
      // Another copy is sending it now; this one must not be acknowledged, or a sender that dies would lose it.
      if (claim === "held")
        throw new EmailInProgressError(`E-mail of order ${order.id_order} is being sent by another sender`);
      try {
        await deps.mailer(await messageFor(job.template, order));
      } catch (error) {
        await deps.orders.releaseEmailClaim(order.id_order, job.template, claimant);
        throw error;
      }
      await deps.orders.markEmailSent(order.id_order, deps.now().toISOString(), job.template);
      return "sent";
    },
  };
};
