import type { TransactItem } from "../data/transactions.js";
import type { OrderRecord } from "./order.js";
import { buyerOrderTableItem } from "./order-items.js";

/** Order states as Reseller API v2 names them. */
export const buyerStatuses = ["paid", "unpaid", "dispute", "canceled"] as const;
export type BuyerStatus = (typeof buyerStatuses)[number];

/** v2's name for an order's state: `wait` shows as `unpaid`, a paid order with an open dispute as `dispute`. */
export const buyerStatusOf = (order: Pick<OrderRecord, "status" | "dispute_open">): BuyerStatus =>
  order.status === "wait"
    ? "unpaid"
    : order.status === "paid" && order.dispute_open === true
      ? "dispute"
      : order.status;

/** The facets of a buyer's history an order is listed in; GET /history reads the narrowest one a filter names. */
export const historyFacet = {
  all: "all",
  status: (status: BuyerStatus) => `status:${status}`,
  seller: (sellerId: number) => `seller:${sellerId}`,
  product: (productId: string) => `product:${productId}`,
} as const;

/** One line of a buyer's history as stored: what a history page shows, so a page needs no other read. */
export interface HistoryEntry {
  readonly order_id: string;
  readonly product_id: string;
  readonly seller_id: number;
  readonly status: BuyerStatus;
  readonly amount: number;
  readonly quantity: number;
  readonly h2h: 0 | 1;
  readonly gift: 0 | 1;
  readonly created_at: string;
}

/** An order's line in its buyer's history. */
export const historyEntryOf = (order: OrderRecord): HistoryEntry => ({
  order_id: order.id_order,
  product_id: order.product_id,
  seller_id: order.seller_id,
  status: buyerStatusOf(order),
  amount: order.amount,
  quantity: order.quantity,
  h2h: order.h2h ?? 0,
  gift: order.gift ?? 0,
  created_at: order.created_at,
});

const buyerOf = (order: OrderRecord): number => {
  if (order.buyer_account_id === undefined) throw new Error(`Order ${order.id_order} has no buyer account`);
  return order.buyer_account_id;
};

const facetsOf = (order: OrderRecord, status: BuyerStatus): string[] => [
  historyFacet.all,
  historyFacet.status(status),
  historyFacet.seller(order.seller_id),
  historyFacet.product(order.product_id),
];

/** The puts that list a new order in every facet of its buyer's history (in the order's own transaction). */
export const historyEntryPuts = (tableName: string, order: OrderRecord): TransactItem[] => {
  const entry = historyEntryOf(order);
  return facetsOf(order, entry.status).map((facet) => ({
    Put: {
      TableName: tableName,
      Item: buyerOrderTableItem.item([buyerOf(order), facet, order.created_at, order.id_order], entry),
      ConditionExpression: "attribute_not_exists(PK)",
    },
  }));
};

/**
 * The writes that move an order from one v2 status to another in its buyer's history: the status
 * facet's entry moves, the other entries take the new status. They ride in the status change's transaction.
 */
export const historyStatusMove = (
  tableName: string,
  order: OrderRecord,
  from: BuyerStatus,
  to: BuyerStatus,
): TransactItem[] => {
  const buyer = buyerOf(order);
  const entryKey = (facet: string) => buyerOrderTableItem.key(buyer, facet, order.created_at, order.id_order);
  const unchanged = [
    historyFacet.all,
    historyFacet.seller(order.seller_id),
    historyFacet.product(order.product_id),
  ];
  return [
    ...unchanged.map(
      (facet): TransactItem => ({
        Update: {
          TableName: tableName,
          Key: entryKey(facet),
          UpdateExpression: "SET #status = :to",
          ConditionExpression: "attribute_exists(PK)",
          ExpressionAttributeNames: { "#status": "status" },
          ExpressionAttributeValues: { ":to": to },
        },
      }),
    ),
    { Delete: { TableName: tableName, Key: entryKey(historyFacet.status(from)) } },
    {
      Put: {
        TableName: tableName,
        Item: buyerOrderTableItem.item([buyer, historyFacet.status(to), order.created_at, order.id_order], {
          ...historyEntryOf(order),
          status: to,
        }),
      },
    },
  ];
};
