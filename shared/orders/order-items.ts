import { defineTableItem } from "../data/table-item.js";
import { indexAssignment, indexedCollections, indexMembership, keys } from "../data/table-keys.js";
import { type OrderRecord, orderListAttributes } from "./order.js";
import { placeOf, type StagePlace } from "./order-stages.js";

/**
 * The table items an order is stored as, each declared once with its key, entity and projections: the
 * order itself and its lines in its buyer's history.
 */

/**
 * The order item's attribute holding its delivery token sealed with the data key, written in the
 * payment's transaction and removed by delivery, so the seller can ask for the delivery URL of a paid,
 * undelivered order (GET /api/v1/orders/delivery-url/{id}) after the webhook's outbox event is gone.
 * Order reads never parse it (`orderRecordSchema` leaves it out); only that route opens it.
 */
export const SEALED_TOKEN_ATTRIBUTE = "delivery_token_sealed";

/** An order: in its seller's list and, while it waits for payment, in the queue of expiring orders. */
export const orderTableItem = defineTableItem({
  entity: "order",
  key: keys.order,
  projections: {
    /** What a seller's order list reads of each order (`orderListEntrySchema`), from the index. */
    list: orderListAttributes,
    /** What the delivery URL reads: the sealed token alone. */
    sealedToken: [SEALED_TOKEN_ATTRIBUTE],
  },
});

/** An order's line in one facet of its buyer's history (`buyer-history.ts`). */
export const buyerOrderTableItem = defineTableItem({ entity: "buyer_order", key: keys.buyerOrderEntry });

/**
 * An order as a table item, with the index memberships its state calls for: its seller's list; while it
 * waits, the expiry queue; its stage among its seller's orders (`order-stages.ts`); while a dispute is
 * open, its seller's open disputes.
 */
export const orderItem = (order: OrderRecord) => {
  const place = placeOf(order);
  return orderTableItem.item([order.id_order], {
    ...order,
    ...indexMembership(
      indexedCollections.sellerOrders,
      [order.seller_id],
      [order.created_at, order.id_order],
    ),
    ...(order.status === "wait"
      ? indexMembership(indexedCollections.expiringOrders, [], [order.expires_at, order.id_order])
      : {}),
    ...(place
      ? indexMembership(
          indexedCollections.sellerOrdersByStage,
          [order.seller_id, place.stage],
          [place.at, order.id_order],
        )
      : {}),
    ...(order.dispute_open === true
      ? indexMembership(
          indexedCollections.sellerOpenDisputes,
          [order.seller_id],
          [order.dispute_opened_at ?? order.created_at, order.id_order],
        )
      : {}),
  });
};

/** An update's SET assignment (and its values) that moves an order to `place` among its seller's orders by stage. */
export const stageAssignment = (order: { sellerId: number; orderId: string }, place: StagePlace) =>
  indexAssignment(
    indexedCollections.sellerOrdersByStage,
    [order.sellerId, place.stage],
    [place.at, order.orderId],
  );

/** An update's SET assignment (and its values) that files an order among its seller's open disputes. */
export const openDisputeAssignment = (order: { sellerId: number; orderId: string }, openedAt: string) =>
  indexAssignment(indexedCollections.sellerOpenDisputes, [order.sellerId], [openedAt, order.orderId]);
