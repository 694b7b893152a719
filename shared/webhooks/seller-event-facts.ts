import { createHash } from "node:crypto";
import { chatMessageTableItem } from "../chat/chat-message-item.js";
import { orderTableItem } from "../orders/order-items.js";
import { productTableItem } from "../products/product-items.js";
import type { SellerEventFact, SellerEventJob } from "../queue/seller-event-job.js";

/** One change of a table item as the stream tells it: the item before and after, unmarshalled. */
export interface ItemChange {
  /** The stream record's id: unique per change, so an event id made from it is the same on every redelivery. */
  readonly changeId: string;
  readonly kind: "INSERT" | "MODIFY" | "REMOVE";
  readonly before: Readonly<Record<string, unknown>> | undefined;
  readonly after: Readonly<Record<string, unknown>> | undefined;
  /** When the change was written (ISO 8601), for facts whose item carries no time of its own. */
  readonly at: string;
}

const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
const whole = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isInteger(value) ? value : undefined;

const orderFacts = (
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  at: string,
): SellerEventFact[] => {
  const seller = whole(after.seller_id);
  const order = text(after.id_order);
  const product = text(after.product_id);
  if (seller === undefined || order === undefined || product === undefined) return [];
  const fact = { seller_id: seller, id_order: order, id_product: product };
  const facts: SellerEventFact[] = [];
  if (before.status === "wait" && after.status === "canceled")
    facts.push({ type: "order.canceled", ...fact, at: text(after.canceled_at) ?? at });
  // dispute_open turns true when a dispute opens and false when it closes; nothing else writes it.
  if (before.dispute_open !== true && after.dispute_open === true)
    facts.push({ type: "dispute.opened", ...fact, at: text(after.dispute_opened_at) ?? at });
  if (before.dispute_open === true && after.dispute_open === false)
    facts.push({ type: "dispute.closed", ...fact, at: text(after.dispute_closed_at) ?? at });
  return facts;
};

const keyStockFacts = (
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  at: string,
): SellerEventFact[] => {
  const seller = whole(after.seller_id);
  const product = text(after.id);
  const was = whole(before.count);
  const now = whole(after.count);
  // Only a product that sells uploaded codes: its count is the codes available, and only a fall matters.
  if (after.key_stock !== 1 || seller === undefined || product === undefined) return [];
  if (was === undefined || now === undefined || now >= was) return [];
  const fact = { seller_id: seller, id_product: product, at };
  return [
    { type: "key_stock.low", ...fact, before: was, available: now },
    ...(now === 0 ? [{ type: "key_stock.empty" as const, ...fact }] : []),
  ];
};

/**
 * The facts a change holds that a seller may have opted into: an order canceled, a dispute opened or
 * closed, a buyer's chat message, a key product's available codes falling (and reaching none). Each
 * becomes a job whose event id is made from the change and the type, so a redelivered change makes the
 * same ids and the receiver, which keys on `webhook-id`, sees it once.
 */
export const sellerEventJobsOf = (change: ItemChange): SellerEventJob[] => {
  const { before, after } = change;
  let facts: SellerEventFact[] = [];
  if (change.kind === "MODIFY" && before && after && orderTableItem.is(after))
    facts = orderFacts(before, after, change.at);
  else if (change.kind === "MODIFY" && before && after && productTableItem.is(after))
    facts = keyStockFacts(before, after, change.at);
  else if (
    change.kind === "INSERT" &&
    after &&
    chatMessageTableItem.is(after) &&
    after.type_user === "buyer"
  ) {
    const order = text(after.order_id);
    const position = whole(after.position);
    if (order !== undefined && position !== undefined)
      facts = [{ type: "chat.message", id_order: order, position, at: text(after.created_at) ?? change.at }];
  }
  return facts.map((fact) => ({ event_id: sellerEventId(change.changeId, fact.type), fact }));
};

/** `evt_` and 32 hex digits of the change's id and the type: stable across redeliveries, unique per event. */
export const sellerEventId = (changeId: string, type: string): string =>
  `evt_${createHash("sha256").update(`${changeId}:${type}`).digest("hex").slice(0, 32)}`;
