import type { OrderStore } from "../orders/order-repository.js";
import type { ProductStore } from "../products/product-repository.js";
import type { EmailJob } from "../queue/queue-messages.js";
import { deliveryMessage, type Mailer } from "./mail-message.js";

/** Buyer e-mail: the delivered product, sent once per delivery. */
export const createMailService = (deps: {
  orders: OrderStore;
  products: ProductStore;
  mailer: Mailer;
  markSent: (orderId: string, at: string) => Promise<boolean>;
}) => ({
  /** Sends the delivery e-mail of a delivered order, unless it was already sent. */
  async send(job: EmailJob): Promise<"sent" | "already_sent"> {
    const order = await deps.orders.get(job.order_id);
    if (!order?.delivered) throw new Error(`Order ${job.order_id} is not delivered`);
    if (order.email_sent_at) return "already_sent";
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
    await deps.markSent(order.id_order, new Date().toISOString());
    return "sent";
  },
});
