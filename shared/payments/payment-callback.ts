import { z } from "zod";
import { AppError } from "../http/app-error.js";
import { validate } from "../http/validation.js";
import { isValidCallbackSignature } from "./callback-signature.js";
import type { PaymentService } from "./payment-service.js";

/** The provider's callback body. */
export const paymentCallbackSchema = z.object({
  payment_id: z.string().min(1).max(200),
  order_id: z.string().min(1).max(100),
  status: z.string().min(1).max(40),
  payment_system: z
    .string()
    .regex(/^[a-z0-9_-]{1,40}$/, "payment_system must be 1-40 lower-case letters, digits, '-' or '_'"),
});

/** Payment-provider callbacks: trusted only with a valid signature, idempotent on the provider's payment id. */
export const createPaymentCallback = (deps: { payments: PaymentService; secret: () => Promise<Buffer> }) => ({
  /** Verifies and applies one callback; only `succeeded` payments confirm an order, others are acknowledged. */
  async handle(rawBody: Buffer | undefined, signature: string | undefined, body: unknown) {
    if (!rawBody || !isValidCallbackSignature(await deps.secret(), rawBody, signature)) {
      throw new AppError(401, "invalid_signature", "Invalid signature");
    }
    const callback = validate("v2", paymentCallbackSchema, body);
    if (callback.status !== "succeeded") return { order_id: callback.order_id, applied: false };
    const result = await deps.payments.confirm({
      orderId: callback.order_id,
      paymentSystem: callback.payment_system,
      paymentId: callback.payment_id,
    });
    return { order_id: result.id_order, applied: true, status_order: result.status_order };
  },
});
