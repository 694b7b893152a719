import { hashDeliveryToken, newDeliveryToken } from "../delivery/delivery-token.js";
import { conflict, notFound } from "../errors/domain-error.js";
import { isId } from "../ids/ids.js";
import type { Randomness } from "../ids/randomness.js";
import type { OrderStore } from "../orders/order-repository.js";
import { seal } from "../secrets/sealed-box.js";
import type { Clock } from "../time/clock.js";
import type { PaymentCallback } from "./payment-callback.js";
import type { PaymentStore } from "./payment-repository.js";

/** A payment confirmation, from the operator or the payment provider. */
export interface PaymentConfirmation {
  readonly orderId: string;
  readonly paymentSystem: string;
  /** The provider's payment id; a repeat of the same id is the same payment. */
  readonly paymentId?: string;
}

/** Payment rules: a waiting order becomes paid once, and its seller's webhook is promised in the same write. */
export const createPaymentService = (deps: {
  orders: OrderStore;
  payments: PaymentStore;
  dataKey: () => Promise<Buffer>;
  now: Clock;
  random: Randomness;
}) => {
  /** Confirms payment of an order; confirming an already paid order again changes nothing. */
  const confirm = async (input: PaymentConfirmation): Promise<{ id_order: string; status_order: "paid" }> => {
    const order = isId(input.orderId) ? await deps.orders.get(input.orderId) : undefined;
    if (!order) throw notFound(`Order ${input.orderId} not found`);
    const paymentId = input.paymentId ?? `manual-${deps.random.uuid()}`;
    if (order.status === "wait") {
      const token = newDeliveryToken(deps.random);
      const tokenSealed = seal(await deps.dataKey(), token);
      const confirmed = await deps.payments.confirm({
        orderId: order.id_order,
        sellerId: order.seller_id,
        amount: order.amount,
        paymentSystem: input.paymentSystem,
        paymentId,
        tokenHash: hashDeliveryToken(token),
        tokenSealed,
        event: {
          type: "payment_confirmed",
          event_id: deps.random.uuid(),
          order_id: order.id_order,
          token_sealed: tokenSealed,
        },
        at: deps.now().toISOString(),
      });
      if (confirmed) return { id_order: order.id_order, status_order: "paid" };
    }
    // Lost a race or asked twice: decide by what the order is now.
    const current = await deps.orders.get(order.id_order);
    if (current?.status === "paid") {
      if (input.paymentId !== undefined && current.payment_id !== input.paymentId) {
        throw conflict(`Order ${order.id_order} is already paid by another payment`, "already_paid");
      }
      return { id_order: order.id_order, status_order: "paid" };
    }
    throw conflict(
      `Order ${order.id_order} is ${current?.status ?? "gone"} and cannot be paid`,
      "order_not_payable",
    );
  };

  return {
    confirm,
    /** Applies a verified provider callback: only `succeeded` confirms the order; other statuses are acknowledged. */
    async applyCallback(callback: PaymentCallback) {
      if (callback.status !== "succeeded") return { order_id: callback.order_id, applied: false };
      const result = await confirm({
        orderId: callback.order_id,
        paymentSystem: callback.payment_system,
        paymentId: callback.payment_id,
      });
      return { order_id: result.id_order, applied: true, status_order: result.status_order };
    },
  };
};

export type PaymentService = ReturnType<typeof createPaymentService>;
