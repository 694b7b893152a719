import type { PageCursors } from "../data/page-cursor.js";
import { refuse, worded } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { percentOf } from "../fees/fee-schedule.js";
import { isId, newId } from "../ids/ids.js";
import type { Randomness } from "../ids/randomness.js";
import { sellCodes } from "../key-stock/code-sale.js";
import { MAX_CODES_PER_ORDER } from "../key-stock/key-code-item.js";
import type { KeyCodeSource } from "../key-stock/key-stock-repository.js";
import type { OrderCodes } from "../key-stock/order-codes.js";
import { readSellerHistory } from "../lists/seller-history.js";
import { unitPrice } from "../products/product-price.js";
import type { ProductStore } from "../products/product-repository.js";
import type { Clock } from "../time/clock.js";
import { clockTime, isoDate } from "../time/formats.js";
import type { CursorPage } from "../validation/cursor-page.js";
import { type NewOrderInput, newOrderInputSchema, type OrderListEntry, type OrderRecord } from "./order.js";
import { createOrderExpiry } from "./order-expiry.js";
import type { OrderStore } from "./order-repository.js";

/** How long an unpaid order holds its stock unless configured otherwise. */
export const DEFAULT_UNPAID_ORDER_MINUTES = 30;

const RESERVATION_ATTEMPTS = 3;

/** GET /orders as a history list: its cursors and its words. */
const SELLER_ORDERS = { name: "seller-orders", noun: "orders" } as const;

/**
 * The delivery state a seller sees on an order (an extension, in the spec's string convention of these
 * resources): `delivered` "1" or "0", and when it happened in the shapes of `data_create`/`time_create`
 * (both empty until delivered).
 */
const deliveryState = (order: Pick<OrderListEntry, "delivered" | "delivered_at">) => {
  const at = order.delivered && order.delivered_at ? new Date(order.delivered_at) : undefined;
  return {
    delivered: order.delivered ? "1" : "0",
    date_delivery: at ? isoDate(at) : "",
    time_delivery: at ? clockTime(at) : "",
  };
};

/**
 * The dispute state a seller sees on an order (an extension): `open` while one is open, `closed` once one
 * was opened and closed, `none` if none ever was. Opening sets `dispute_open` true with
 * `dispute_opened_at`, and only closing sets it false, so `dispute_open` alone tells the three apart:
 * the list reads it from its index, which projects `dispute_open` only; the detail, with the whole order,
 * gets the same answer.
 */
const disputeStatus = (order: Pick<OrderRecord, "dispute_open" | "dispute_opened_at">) =>
  order.dispute_open === true
    ? ("open" as const)
    : order.dispute_open === false || order.dispute_opened_at
      ? ("closed" as const)
      : ("none" as const);

/** The seller's view of an order in the list (every value a string, as the spec shows). */
const listItem = (order: OrderListEntry) => {
  const created = new Date(order.created_at);
  return {
    id_order: order.id_order,
    id_product: order.product_id,
    amount: String(order.amount),
    status_order: order.status,
    data_create: isoDate(created),
    time_create: clockTime(created),
    count: String(order.quantity),
    ...deliveryState(order),
    dispute_status: disputeStatus(order),
  };
};

/**
 * The marketplace's fee on a paid order (an extension, #25), in the same string convention: the fee in
 * roubles, its rate in percent, and what the sale credits the seller (at delivery, for an order delivered
 * through the webhook). Absent when no fee applied, so such an order reads as it always did.
 */
const feeState = (
  order: Pick<OrderRecord, "amount" | "fee_bp" | "fee_amount">,
): { fee?: string; fee_percent?: string; credited?: string } =>
  order.fee_bp === undefined || order.fee_amount === undefined
    ? {}
    : {
        fee: String(order.fee_amount),
        fee_percent: percentOf(order.fee_bp),
        credited: String(order.amount - order.fee_amount),
      };

/** The seller's view of one order; the buyer's e-mail is deliberately absent. */
const detail = (order: OrderRecord) => {
  const created = new Date(order.created_at);
  return {
    // The order's internal id is its (unguessable) id; a sequence number would tell any seller how many
    // orders the whole marketplace takes, and keeping one is a write every order in the marketplace shares.
    id: order.number === undefined ? order.id_order : String(order.number),
    id_user: order.buyer_account_id === undefined ? "" : String(order.buyer_account_id),
    guest_id: order.guest_id,
    buyer_type: order.buyer_type,
    id_product: order.product_id,
    id_seller: String(order.seller_id),
    id_order: order.id_order,
    status_order: order.status,
    data_create: isoDate(created),
    time_create: clockTime(created),
    amount: String(order.amount),
    count: String(order.quantity),
    payment_system: order.payment_system,
    // Extensions (not in the spec's detail): the buyer's comment, the order's chat, its dispute state.
    comment: order.comment ?? "",
    chat_id: order.id_order,
    dispute_status: disputeStatus(order),
    ...deliveryState(order),
    ...feeState(order),
  };
};

/** Order rules: storefront orders reserve stock, expire unpaid, and are read by their seller only. */
export const createOrderService = (deps: {
  orders: OrderStore;
  products: ProductStore;
  /** Where a key product's sales find their codes. */
  keyCodes: KeyCodeSource;
  /** A paid key order's codes, opened for its seller. */
  orderCodes: Pick<OrderCodes, "of">;
  now: Clock;
  random: Randomness;
  cursors: PageCursors;
  unpaidOrderMinutes?: number;
  /** The most orders a whole history answers with (WHOLE_HISTORY_MAX unless a test says otherwise). */
  wholeMax?: number;
}) => {
  const { now } = deps;
  const holdMinutes = deps.unpaidOrderMinutes ?? DEFAULT_UNPAID_ORDER_MINUTES;
  const expiry = createOrderExpiry({ orders: deps.orders, now });

  return {
    /** A storefront order for a guest buyer: reserves stock at the current price and waits for payment. */
    async createGuestOrder(input: NewOrderInput) {
      const { product_id, quantity, email } = newOrderInputSchema.parse(input);
      for (let attempt = 0; attempt < RESERVATION_ATTEMPTS; attempt++) {
        const product = isId(product_id) ? await deps.products.get(product_id) : undefined;
        if (product?.status_moderation !== "approved") {
          throw refuse(worded(refusals.productNotForSale, { productId: product_id }));
        }
        const at = now();
        const unit = unitPrice(product.price, product.discount);
        const order: OrderRecord = {
          id_order: newId(at.getTime()),
          seller_id: product.seller_id,
          product_id,
          quantity,
          unit_price: unit,
          amount: unit * quantity,
          status: "wait",
          buyer_email: email,
          buyer_type: "guest",
          guest_id: deps.random.bytes(8).toString("hex"),
          payment_system: "",
          created_at: at.toISOString(),
          expires_at: new Date(at.getTime() + holdMinutes * 60_000).toISOString(),
          delivered: false,
          // Kept for its payment, which looks up the fee rate by it (#25) and reads no product.
          category_id: product.id_categories,
        };
        const expected = { price: product.price, discount: product.discount };
        let outcome: Awaited<ReturnType<OrderStore["createWithReservation"]>> | "no_codes" | "busy";
        if (product.key_stock === 1) {
          // A key product's order reserves its codes: chosen among the available ones, held by the order.
          if (quantity > MAX_CODES_PER_ORDER)
            throw refuse(worded(refusals.keyOrderTooLarge, { max: MAX_CODES_PER_ORDER }));
          outcome = await sellCodes(
            { ...deps.keyCodes, random: deps.random },
            product_id,
            quantity,
            (codeIds) => deps.orders.createWithReservation({ ...order, key_codes: [...codeIds] }, expected),
          );
        } else {
          outcome = await deps.orders.createWithReservation(order, expected);
        }
        if (outcome === "ok")
          return { id_order: order.id_order, status_order: order.status, amount: order.amount };
        if (outcome === "insufficient_stock" || outcome === "no_codes")
          throw refuse(refusals.insufficientStock);
        if (outcome === "busy") throw refuse(refusals.keyStockBusy);
        if (outcome === "product_unavailable")
          throw refuse(worded(refusals.productNotForSale, { productId: product_id }));
        // "price_changed" (the seller changed the price between our read and the reservation) or
        // "stock_changed" (the product started selling uploaded codes): read it and price again.
      }
      throw refuse(refusals.priceChangedOrdering);
    },

    /** The seller's orders newest first: all of them, or a page and the cursor of the next (none at the end). */
    async listForSeller(sellerId: number, query: CursorPage = {}) {
      const { items, next } = await readSellerHistory(deps, SELLER_ORDERS, sellerId, query, {
        page: async (limit, start) => {
          const page = await deps.orders.pageBySeller(sellerId, limit, start);
          return page === "invalid_start" ? page : { items: page.orders, next: page.next };
        },
        all: (max) => deps.orders.allBySeller(sellerId, max),
      });
      return { items: items.map(listItem), next };
    },

    /**
     * One of the seller's orders; another seller's order is indistinguishable from a missing one. A key
     * product's paid order names the codes it got, opened for its seller.
     */
    async infoForSeller(sellerId: number, orderId: string) {
      const order = isId(orderId) ? await deps.orders.get(orderId) : undefined;
      if (!order || order.seller_id !== sellerId) throw refuse(refusals.sellerOrderNotFound);
      const info: ReturnType<typeof detail> & { codes?: { id: string; code: string }[] } = detail(order);
      if (order.key_codes !== undefined && order.delivered) {
        info.codes = (await deps.orderCodes.of(order)).map(({ id, code }) => ({ id, code }));
      }
      return info;
    },

    /**
     * How many of the seller's orders need the seller (an extension): waiting for payment, paid and
     * undelivered (those whose webhook fails included, so it reads "paid but undelivered" at once), with
     * a failing webhook, delivered today (UTC), and in an open dispute.
     */
    async summaryForSeller(sellerId: number) {
      const counts = await deps.orders.stageCounts(sellerId, isoDate(now()));
      return {
        waiting_payment: counts.waiting,
        undelivered: counts.undelivered + counts.webhookFailing,
        webhook_failing: counts.webhookFailing,
        delivered_today: counts.delivered,
        open_disputes: counts.openDisputes,
      };
    },

    /** Cancels unpaid orders past their expiry and returns their stock (`order-expiry.ts`). */
    expireUnpaid: (batch?: number) => expiry.expireUnpaid(batch),
  };
};

export type OrderService = ReturnType<typeof createOrderService>;
