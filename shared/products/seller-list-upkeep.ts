import type { TransactItem } from "../data/transactions.js";
import type { ProductRecord } from "./product.js";
import { listAssignments, productNameEntryItem, productNameEntryTableItem } from "./product-items.js";
import { sellerCountsTableItem } from "./seller-counts-item.js";
import { countMoves, movesListing, type SellerListing, sellerListingOf } from "./seller-lists.js";

/**
 * What a product write adds to keep its seller's lists (`seller-lists.ts`) true in the same transaction:
 * the product's list keys, its name entries, and the seller's counts.
 */

/** A product's move between the seller's lists: where it is listed before (undefined: not indexed yet) and after. */
export interface ListingMove {
  readonly before: SellerListing | undefined;
  readonly after: SellerListing | undefined;
}

/** What a write inside the repository can meet when it moves a product: a stale read, or no count item yet. */
export type MoveLabel = "stale" | "counts_missing";

/**
 * The move a write from `current` to `next` makes, or undefined when it moves nothing: a product is
 * (re)listed when its status, category or name changes, and when `index` asks it for a product not
 * indexed yet; a product not indexed yet whose change moves nothing stays as it is.
 */
export const listingMove = (
  current: ProductRecord,
  next: ProductRecord,
  index = false,
): ListingMove | undefined => {
  const before = current.lists_indexed === 1 ? sellerListingOf(current) : undefined;
  if (!movesListing(current, next) && !(index && before === undefined)) return undefined;
  return { before, after: sellerListingOf(next) };
};

/**
 * What a product write adds for its move between lists: its name entries put and deleted, and the
 * seller's counts moved (with `productsDelta` for a create or delete). The count item must exist, so
 * a seller whose products predate it gets it built first (see readCounts).
 */
export const moveItems = (
  tableName: string,
  move: ListingMove | undefined,
  productsDelta: number,
  sellerId: number,
): { items: TransactItem[]; labels: MoveLabel[] } => {
  const items: TransactItem[] = [];
  const labels: MoveLabel[] = [];
  const { before, after } = move ?? { before: undefined, after: undefined };
  const kept = new Set(after?.names ?? []);
  for (const words of before?.names ?? []) {
    if (before === undefined || kept.has(words)) continue;
    items.push({
      Delete: {
        TableName: tableName,
        Key: productNameEntryTableItem.key(sellerId, words, before.productId),
      },
    });
    labels.push("stale");
  }
  // An entry carries the status and category a search filters by: rewritten when either moves.
  const had = new Set(
    before && after && before.status === after.status && before.categoryId === after.categoryId
      ? before.names
      : [],
  );
  for (const words of after?.names ?? []) {
    if (after === undefined || had.has(words)) continue;
    items.push({ Put: { TableName: tableName, Item: productNameEntryItem(after, words) } });
    labels.push("stale");
  }
  const moves = [...countMoves(before, after, productsDelta)];
  if (moves.length > 0) {
    items.push({
      Update: {
        TableName: tableName,
        Key: sellerCountsTableItem.key(sellerId),
        UpdateExpression: `ADD ${moves.map((_, i) => `#c${i} :c${i}`).join(", ")}`,
        ConditionExpression: "attribute_exists(PK)",
        ExpressionAttributeNames: Object.fromEntries(moves.map(([attribute], i) => [`#c${i}`, attribute])),
        ExpressionAttributeValues: Object.fromEntries(moves.map(([, delta], i) => [`:c${i}`, delta])),
      },
    });
    labels.push("counts_missing");
  }
  return { items, labels };
};

/**
 * The parts of the product's own update for a move: the list keys and the mark it is indexed, and the
 * condition that it is still listed as read (status, category, name), so the counts move from the truth.
 */
export const moveClauses = (
  current: ProductRecord,
  move: ListingMove | undefined,
): { set: string; condition: string; names: Record<string, string>; values: Record<string, unknown> } => {
  if (!move?.after) return { set: "", condition: "", names: {}, values: {} };
  const assignments = listAssignments(move.after);
  return {
    set: [...assignments.map((a) => a.expression), "lists_indexed = :listed"].join(", "),
    condition: `status_moderation = :listedStatus AND id_categories = :listedCategory AND #listedName = :listedName AND ${
      current.lists_indexed === 1 ? "lists_indexed = :listed" : "attribute_not_exists(lists_indexed)"
    }`,
    names: { "#listedName": "name" },
    values: {
      ...Object.assign({}, ...assignments.map((a) => a.values)),
      ":listed": 1,
      ":listedStatus": current.status_moderation,
      ":listedCategory": current.id_categories,
      ":listedName": current.name,
    },
  };
};
