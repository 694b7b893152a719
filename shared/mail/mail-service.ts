import type { OrderRecord } from "../orders/order.js";
import type { OrderStore } from "../orders/order-repository.js";
import type { ProductStore } from "../products/product-repository.js";
import type { EmailJob, EmailTemplate } from "../queue/queue-messages.js";
import type { Clock } from "../time/clock.js";
import { deliveryMessage, giftMessage, type Mailer, type MailMessage } from "./mail-message.js";

/** Buyer e-mails: the delivered product, and a gift's code; each sent once per order. */
export const createMailService = (deps: {
  orders: OrderStore;
  products: ProductStore;
  mailer: Mailer;
  markSent: (orderId: string, at: string, template: EmailTemplate) => Promise<boolean>;
  /** Claims the send, so two copies of one job (queues deliver at least once) do not both send. */
  claim: (orderId: string, at: string, staleBefore: string, template: EmailTemplate) => Promise<boolean>;
  now: Clock;
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
    return deliveryMessage({
      to: order.buyer_email,
      orderId: order.id_order,
      productName,
      text: order.delivery_text ?? "",
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
      if (!order) throw new Error(`Order ${job.order_id} not found`);
      const sentAt = job.template === "gift" ? order.gift_email_sent_at : order.email_sent_at;
      if (sentAt) return "already_sent";
      const now = deps.now();
      // A claim older than five minutes belongs to a sender that died; the message may be sent again.
      const staleBefore = new Date(now.getTime() - 5 * 60_000).toISOString();
      if (!(await deps.claim(order.id_order, now.toISOString(), staleBefore, job.template)))
        return "already_sent";
      await deps.mailer(await messageFor(job.template, order));
      await deps.markSent(order.id_order, deps.now().toISOString(), job.template);
      return "sent";
    },
  };
};
