import { refuse, worded } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { feeOfOrder } from "../fees/applied-fee.js";
import type { Randomness } from "../ids/randomness.js";
import type { MetricsSink } from "../observability/metrics-sink.js";
import type { OrderStore } from "../orders/order-repository.js";
import { hasControlCharacters } from "../text/control-characters.js";
import type { Clock } from "../time/clock.js";
import { refusing } from "../validation/validate.js";
import * as z from "../validation/zod-mini.js";
import type { DeliveryStore } from "./delivery-repository.js";
import { hashDeliveryToken, looksLikeDeliveryToken } from "./delivery-token.js";

/** The download link: none when absent, empty or false (clients send false for none); otherwise an https URL. */
const downloadLink = (value: unknown): string => {
  if (value === undefined || value === null || value === false || value === "") return "";
  if (typeof value !== "string" || value.length > 2048) throw refuse(refusals.invalidDownloadUrl);
  try {
    const url = new URL(value);
    // The URL parser drops tabs and line breaks silently, so they are refused before it sees the value.
    if (
      url.protocol !== "https:" ||
      url.hostname === "" ||
      /\s/.test(value) ||
      hasControlCharacters(value, false)
    ) {
      throw new Error("not an https link");
    }
    return url.href;
  } catch {
    throw refuse(refusals.invalidDownloadUrl);
  }
};

/** Whether a body's `download` is a link `downloadLink` takes, or none. */
const isDownloadLink = (value: unknown): boolean => {
  try {
    downloadLink(value);
    return true;
  } catch {
    return false;
  }
};

/**
 * POST /orders/delivery/{token} body. `download` answers its own 422 (`refusing`), with the rest of the
 * body, before the token is looked up.
 */
export const deliveryBodySchema = z.object(
  {
    text: z
      .string({ error: worded(refusals.fieldNotString, { field: "text" }).message })
      .check(
        z.trim(),
        z.minLength(1, { error: worded(refusals.fieldRequired, { field: "text" }).message, abort: true }),
        z.maxLength(10_000, worded(refusals.fieldTooLong, { field: "text", max: 10_000 }).message),
      ),
    download: z.optional(z.unknown().check(refusing(refusals.invalidDownloadUrl, isDownloadLink))),
  },
  { error: refusals.notJsonObject.message },
);
export type DeliveryBody = z.infer<typeof deliveryBodySchema>;

/** Delivery rules: the seller of a paid order delivers once, through the token from the webhook. */
export const createDeliveryService = (deps: {
  deliveries: DeliveryStore;
  orders: OrderStore;
  now: Clock;
  random: Randomness;
  /** Counts deliveries by path: after the seller's receiver took the webhook, or without it (by hand). */
  metrics: MetricsSink;
}) => ({
  /** Delivers a paid order and credits its seller; the buyer's e-mail follows from the outbox. */
  async deliver(sellerId: number, token: string, body: DeliveryBody) {
    const tokenHash = looksLikeDeliveryToken(token) ? hashDeliveryToken(token) : undefined;
    const target = tokenHash ? await deps.deliveries.findToken(tokenHash) : undefined;
    if (!tokenHash || !target) throw refuse(refusals.orderNotFound);
    if (target.sellerId !== sellerId) throw refuse(refusals.accessDenied);
    const download = downloadLink(body.download);
    // The token carries the amount to credit, so delivery is two requests (token, then the write);
    // tokens from before it did are resolved through their order.
    let { amount, fee } = target;
    if (amount === undefined) {
      const order = await deps.orders.get(target.orderId);
      if (!order) throw refuse(refusals.orderNotFound);
      if (order.delivered) throw refuse(refusals.orderAlreadyDelivered);
      amount = order.amount;
      fee = feeOfOrder(order);
    }
    const outcome = await deps.deliveries.deliver({
      target,
      tokenHash,
      amount,
      fee,
      text: body.text,
      download,
      ledgerEntryId: deps.random.uuid(),
      event: { type: "order_delivered", event_id: deps.random.uuid(), order_id: target.orderId },
      at: deps.now().toISOString(),
    });
    if (outcome === "already_delivered") throw refuse(refusals.orderAlreadyDelivered);
    // One read after the delivery, for the metric only: whether the seller's receiver had taken the
    // order's webhook (its integration delivers) or not (the seller used the token by hand, from the
    // dashboard or the delivery URL's API).
    const delivered = await deps.orders.get(target.orderId);
    deps.metrics.delivered(delivered?.webhook_delivered_at === undefined ? "manual" : "webhook");
    return { message: "Product delivered", id_order: target.orderId, delivered: true as const };
  },
});
