import { isoDate } from "../time/formats.js";
import type { OrderRecord } from "./order.js";

/**
 * The stages of a seller's orders that need the seller's attention or tell the day's work (GET
 * /api/v1/orders/summary). Each is one partition of the seller's orders by stage (`sellerOrdersByStage`,
 * a sparse keys-only index), so a count is a Query of that partition and no counter is kept: a counter
 * item would be one item every order of a big seller writes in its transactions. An order is in one
 * stage at a time, or in none once canceled; every write that changes its stage moves it in that write.
 */
export const orderStages = {
  /** Waiting for payment, by creation time. */
  waiting: "wait",
  /** Paid and not delivered, its webhook not failing, by payment time. */
  undelivered: "undelivered",
  /** Paid and not delivered, and the last attempt of its undelivered webhook failed or was refused. */
  webhookFailing: "webhook_failing",
} as const;

/** The stage of the orders delivered on one UTC day (`YYYY-MM-DD`): an order stays there once delivered. */
export const deliveredOn = (day: string): string => `delivered#${day}`;

/** Where an order is filed among its seller's orders by stage: the stage, and the time it sorts by there. */
export interface StagePlace {
  readonly stage: string;
  readonly at: string;
}

/** The place of an order delivered `at`: its UTC day's stage, by delivery time. */
export const deliveredPlace = (at: string): StagePlace => ({ stage: deliveredOn(isoDate(new Date(at))), at });

/** The place of a paid, undelivered order: undelivered, or webhook_failing while its webhook fails. */
export const paidPlace = (paidAt: string, webhookFailing = false): StagePlace => ({
  stage: webhookFailing ? orderStages.webhookFailing : orderStages.undelivered,
  at: paidAt,
});

/**
 * The place a whole order item is written in, from its state: a storefront order waits; a purchase from
 * balance is written paid, so undelivered (its webhook not tried yet), or delivered when its codes came
 * with it; a canceled order is in no stage.
 */
export const placeOf = (
  order: Pick<OrderRecord, "status" | "created_at" | "paid_at" | "delivered" | "delivered_at">,
): StagePlace | undefined => {
  if (order.status === "wait") return { stage: orderStages.waiting, at: order.created_at };
  if (order.status === "canceled") return undefined;
  const paidAt = order.paid_at ?? order.created_at;
  return order.delivered ? deliveredPlace(order.delivered_at ?? paidAt) : paidPlace(paidAt);
};
