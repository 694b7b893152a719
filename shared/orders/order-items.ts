import { defineTableItem } from "../data/table-item.js";
import { indexedCollections, indexMembership, keys } from "../data/table-keys.js";
import { type OrderRecord, orderListAttributes } from "./order.js";

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

/** An order as a table item, with the index memberships its state calls for. */
export const orderItem = (order: OrderRecord) =>
  orderTableItem.item([order.id_order], {
    ...order,
    ...indexMembership(
      indexedCollections.sellerOrders,
      [order.seller_id],
      [order.created_at, order.id_order],
    ),
    ...(order.status === "wait"
      ? indexMembership(indexedCollections.expiringOrders, [], [order.expires_at, order.id_order])
      : {}),
  });
