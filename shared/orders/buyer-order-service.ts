import { newChatMessage } from "../chat/chat-message.js";
import type { ChatStore } from "../chat/chat-repository.js";
import { refuse, worded } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { isId } from "../ids/ids.js";
import type { OrderCode, OrderCodes } from "../key-stock/order-codes.js";
import type { Clock } from "../time/clock.js";
import { clockTime, isoDate } from "../time/formats.js";
import { type HistoryEntry, historyEntryOf, historyFacet } from "./buyer-history.js";
import type { DisputeBody, HistoryQuery } from "./buyer-order-input.js";
import type { BuyerOrderStore } from "./buyer-order-repository.js";
import type { OrderRecord } from "./order.js";
import type { OrderStore } from "./order-repository.js";

/** The fields of a reseller's order in every v2 view: the spec's schema names and its examples' names. */
const summary = (entry: HistoryEntry) => {
  const created = new Date(entry.created_at);
  return {
    order_id: entry.order_id,
    id_order: entry.order_id,
    id_product: entry.product_id,
    id_seller: entry.seller_id,
    status: entry.status,
    status_order: entry.status,
    total: entry.amount,
    amount: entry.amount,
    count: entry.quantity,
    h2h: entry.h2h,
    gift: entry.gift,
    data_create: isoDate(created),
    time_create: clockTime(created),
  };
};

/**
 * GET /order/{id}: the summary plus delivery (once delivered), dispute fields, the chat, comment and gift
 * code. A key product's order carries its codes, one per line of `delivery_text` and (an extension) as a
 * list in `codes`; any other order has `codes` null.
 */
const detail = (order: OrderRecord, codes: readonly OrderCode[]) => ({
  ...summary(historyEntryOf(order)),
  delivered: order.delivered,
  date_delivery: order.delivered_at ?? null,
  delivery_text: order.delivered
    ? order.key_codes
      ? codes.map((code) => code.code).join("\n")
      : (order.delivery_text ?? "")
    : null,
  codes: order.key_codes && order.delivered ? codes.map((code) => code.code) : null,
  download: order.delivered && order.delivery_download ? order.delivery_download : null,
  dispute: order.dispute_open === true,
  dispute_opened_at: order.dispute_opened_at ?? null,
  dispute_closed_at: order.dispute_closed_at ?? null,
  chat_id: order.id_order,
  comment: order.comment ?? null,
  gift_code: order.gift_code ?? null,
});

/**
 * Disputes one order may have: enough for a buyer and a seller to disagree, settle and disagree again,
 * while the chat messages each cycle writes stay bounded. Past it the buyer contacts the operator.
 */
export const MAX_DISPUTES_PER_ORDER = 5;

/**
 * Attempts at a dispute's write while the order's chat keeps growing under it. Each lost attempt means
 * another message took a position meanwhile; the order's two people, each within their rate, cannot
 * write this many meanwhile.
 */
const MAX_DISPUTE_ATTEMPTS = 100;

/** A reseller's side of their orders: history, one order, disputes. */
export const createBuyerOrderService = (deps: {
  orders: Pick<OrderStore, "get">;
  buyerOrders: BuyerOrderStore;
  chats: Pick<ChatStore, "length">;
  orderCodes: Pick<OrderCodes, "of">;
  now: Clock;
}) => {
  /** The caller's own order: another's is 403, an unknown (or malformed) id 404. */
  const ownOrder = async (buyerId: number, orderId: string): Promise<OrderRecord> => {
    const order = isId(orderId) ? await deps.orders.get(orderId) : undefined;
    if (!order) throw refuse(refusals.orderNotFound);
    if (order.channel !== "reseller" || order.buyer_account_id !== buyerId)
      throw refuse(refusals.accessDenied);
    return order;
  };

  return {
    /** GET /history: newest first, from the narrowest facet a filter names; dates are a key range. */
    async history(buyerId: number, query: HistoryQuery) {
      const facet =
        query.product_id !== undefined
          ? historyFacet.product(query.product_id)
          : query.seller_id !== undefined
            ? historyFacet.seller(query.seller_id)
            : query.status !== undefined
              ? historyFacet.status(query.status)
              : historyFacet.all;
      const entries = await deps.buyerOrders.history({
        accountId: buyerId,
        facet,
        ...(query.date_from === undefined ? {} : { from: query.date_from }),
        // "<day>T…" sorts below "<day>U": the whole of the last day is inside the range.
        ...(query.date_to === undefined ? {} : { to: `${query.date_to}U` }),
        filter: {
          ...(query.status !== undefined && !facet.startsWith("status:") ? { status: query.status } : {}),
          ...(query.seller_id !== undefined && !facet.startsWith("seller:")
            ? { sellerId: query.seller_id }
            : {}),
        },
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      });
      return { items: entries.map(summary), meta: { page: query.page, limit: query.limit } };
    },

    /** GET /order/{id}: one of the caller's orders in full (a key order with its codes, opened for its buyer). */
    async order(buyerId: number, orderId: string) {
      const order = await ownOrder(buyerId, orderId);
      return detail(order, await deps.orderCodes.of(order));
    },

    /**
     * POST /dispute: open on a paid order (at most MAX_DISPUTES_PER_ORDER times), close an open one; the
     * event and the buyer's reason go to the order's chat, after its last message.
     */
    async dispute(buyerId: number, body: DisputeBody) {
      const [owned, length] = await Promise.all([
        ownOrder(buyerId, body.order_id),
        deps.chats.length(body.order_id),
      ]);
      let order: OrderRecord | undefined = owned;
      let seen = length;
      const open = body.action === "open";
      for (let attempt = 1; attempt <= MAX_DISPUTE_ATTEMPTS; attempt++) {
        if (order?.status !== "paid" || (order.dispute_open === true) === open) {
          throw refuse(
            open
              ? order?.status !== "paid"
                ? refusals.disputeNeedsPaidOrder
                : refusals.disputeAlreadyOpen
              : refusals.noDisputeOpen,
          );
        }
        if (open && (order.dispute_opens ?? 0) >= MAX_DISPUTES_PER_ORDER) {
          throw refuse(worded(refusals.disputeLimit, { max: MAX_DISPUTES_PER_ORDER }));
        }
        const at = deps.now();
        const event = open ? "Dispute opened by the buyer" : "Dispute closed by the buyer";
        const messages = [newChatMessage(order.id_order, "system", event, at, seen + 1)];
        if (body.message !== undefined) {
          messages.push(
            newChatMessage(order.id_order, "buyer", body.message, new Date(at.getTime() + 1), seen + 2),
          );
        }
        const written = await deps.buyerOrders.setDispute({
          order,
          open,
          at: at.toISOString(),
          messages,
          maxOpens: MAX_DISPUTES_PER_ORDER,
        });
        if (written.outcome === "written") {
          return {
            order_id: order.id_order,
            dispute: open,
            status: open ? ("dispute" as const) : ("paid" as const),
          };
        }
        // Decide again on the order or chat as they are now: the refusals above, or a later position.
        if (written.outcome === "order_changed") order = written.order;
        else seen = await deps.chats.length(order.id_order);
      }
      throw new Error(`Dispute on order ${body.order_id} lost ${MAX_DISPUTE_ATTEMPTS} races in a row`);
    },
  };
};

export type BuyerOrderService = ReturnType<typeof createBuyerOrderService>;
