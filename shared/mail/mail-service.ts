import type { OrderStore } from "../orders/order-repository.js";
import type { ProductStore } from "../products/product-repository.js";
import type { EmailJob } from "../queue/queue-messages.js";
import type { Clock } from "../time/clock.js";
import { deliveryMessage, type Mailer } from "./mail-message.js";

/** Buyer e-mail: the delivered product, sent once per delivery. */
export const createMailService = (deps: {
  orders: OrderStore;
  products: ProductStore;
  mailer: Mailer;
  markSent: (orderId: string, at: string) => Promise<boolean>;
  /** Claims the send, so two copies of one job (queues deliver at least once) do not both send. */
  claim: (orderId: string, at: string, staleBefore: string) => Promise<boolean>;
  now: Clock;
}) => ({
  /** Sends the delivery e-mail of a delivered order, unless it was already sent. */
  async send(job: EmailJob): Promise<"sent" | "already_sent"> {
    const order = await deps.orders.get(job.order_id);
    if (!order?.delivered) throw new Error(`Order ${job.order_id} is not delivered`);
    if (order.email_sent_at) return "already_sent";
    const now = deps.now();
    // A claim older than five minutes belongs to a sender that died; the message may be sent again.
    const staleBefore = new Date(now.getTime() - 5 * 60_000).toISOString();
    if (!(await deps.claim(order.id_order, now.toISOString(), staleBefore))) return "already_sent";
    const product = await deps.products.get(order.product_id);
    await deps.mailer(
      deliveryMessage({
        to: order.buyer_email,
        orderId: order.id_order,
        productName: product?.name ?? "your product",
        text: order.delivery_text ?? "",
        download: order.delivery_download ?? "",
      }),
    );
    await deps.markSent(order.id_order, deps.now().toISOString());
    return "sent";
  },
});
