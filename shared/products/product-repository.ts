import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import {
  BatchGetCommand,
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import { batchGetAll } from "../data/batch-get.js";
import { indexQuery } from "../data/index-query.js";
import { queryAll } from "../data/query-all.js";
import { queryPage } from "../data/query-page.js";
import {
  collections,
  indexAssignment,
  indexedCollections,
  indexMembership,
  keys,
} from "../data/table-keys.js";
import { failedConditions } from "../data/transaction-errors.js";
import { type TransactItem, writeTransaction } from "../data/transactions.js";
import { type ModerationStatus, type ProductRecord, productRecordSchema } from "./product.js";
import {
  countAttributes,
  countMoves,
  countOfFilter,
  countsOf,
  type ListFilter,
  matchesSearch,
  movesListing,
  passesFilter,
  phraseKey,
  type SellerListing,
  sellerListingOf,
} from "./seller-lists.js";

/** A line of a seller's product list: exactly what GET /api/v1/products shows of each product. */
export interface ProductListLine {
  readonly id: string;
  readonly name: string;
  readonly price: number;
  readonly count: number;
  readonly status_moderation: ModerationStatus;
}

/** A row of a seller's whole product list: the line, and what filtering before the lists existed needs. */
export interface ProductListEntry extends ProductListLine {
  readonly id_categories: number;
  readonly lists_indexed?: 1;
}

/** Why a write that touches uniqueness or the category did not happen. */
export type ProductWriteOutcome = "ok" | "name_taken" | "uuid_taken" | "category_invalid" | "stale";
/** What a write inside the repository can meet: also a seller whose count item does not exist yet. */
type WriteAttempt = ProductWriteOutcome | "counts_missing" | "not_owned";

/** One page of a filtered list and the size of the whole list. */
export interface FilteredPage {
  readonly total: number;
  readonly products: ProductListLine[];
}

/** Persistence of products. */
export interface ProductStore {
  create(product: ProductRecord): Promise<ProductWriteOutcome>;
  /** One product; `consistent` reads it after every write that has succeeded. */
  get(productId: string, options?: { consistent?: boolean }): Promise<ProductRecord | undefined>;
  /** The products that exist among `productIds`, by id. */
  getMany(productIds: readonly string[]): Promise<Map<string, ProductRecord>>;
  /**
   * Applies `changes` if the product still has `current`'s owner, name and uuid (and, when the change
   * moves it between the seller's lists, its status and category). Stock is never set outright:
   * `countDelta` is added to whatever the stock is now, so reservations made meanwhile stay.
   */
  update(
    current: ProductRecord,
    changes: Partial<ProductRecord>,
    countDelta?: number,
  ): Promise<ProductWriteOutcome>;
  delete(product: ProductRecord): Promise<"ok" | "stale">;
  /** Every product of the seller, newest first (the operator's walks, and filters before the lists existed). */
  listBySeller(sellerId: number): Promise<ProductListEntry[]>;
  /**
   * Applies changes that move the product in no list and touch no guard and no stock (price, discount,
   * api_key, api_url) in one request, the owner checked by the write's own condition.
   */
  updateInPlace(
    sellerId: number,
    productId: string,
    changes: Partial<ProductRecord>,
  ): Promise<"ok" | "not_owned">;
  /** One page of the seller's products, newest first, reading only the page (and what it skips). */
  pageBySeller(sellerId: number, offset: number, limit: number): Promise<ProductListLine[]>;
  /** How many products the seller has, from the count kept beside the account. */
  countBySeller(sellerId: number): Promise<number>;
  /**
   * One page of the seller's products that pass `filter`, newest first, and how many pass it: from the
   * status and category lists and the name entries, with the total from the kept counts (a search
   * counts its matching entries). Until every product of the seller is in the lists, from the whole list.
   */
  pageFiltered(sellerId: number, filter: ListFilter, offset: number, limit: number): Promise<FilteredPage>;
  /** Puts the seller's products written before the filtered lists existed into them; says how many it moved. */
  indexLists(sellerId: number): Promise<{ products: number; indexed: number }>;
  /** Sends an owned product with an image to moderation; tells why not otherwise. */
  submit(
    productId: string,
    sellerId: number,
    at: string,
  ): Promise<"ok" | "missing" | "not_owner" | "pending" | "no_image" | "stale">;
  /**
   * Links a new image and sends the product to moderation; returns the replaced image's key. `seen`, the
   * product as the caller read it, saves the first read (a stale one only costs a retry).
   */
  setImage(
    productId: string,
    sellerId: number,
    image: { url: string; key: string },
    at: string,
    seen?: ProductRecord,
  ): Promise<{ previousKey: string } | undefined | "stale">;
  /** The operator's decision on a pending product. */
  decide(
    productId: string,
    decision: { status: "approved" } | { status: "rejected"; reason: string },
    at: string,
  ): Promise<"ok" | "missing" | "not_pending" | "no_image" | "stale">;
  setFlags(
    productId: string,
    flags: Partial<Pick<ProductRecord, "gift_available" | "comment_status" | "comment_regex">>,
    at: string,
  ): Promise<ProductRecord | undefined>;
}

/** The attributes of a list line, as Queries and reads ask for them. */
export const productLineAttributes = ["id", "name", "price", "count", "status_moderation"] as const;
const lineAttributes = productLineAttributes;
/** The attributes of a row of the whole list (`listBySeller`). */
export const productRowAttributes = [...lineAttributes, "id_categories", "lists_indexed"];
/** What a missing count item is built from. */
export const productCountAttributes = ["status_moderation", "id_categories", "lists_indexed"];
/** The index attributes that put a product into its status, category, and status-and-category lists. */
const listMemberships = (listing: SellerListing): Record<string, string> => {
  const sort: [string, string] = [listing.createdAt, listing.productId];
  const { sellerId, status, categoryId } = listing;
  return {
    ...indexMembership(indexedCollections.sellerProductsByStatus, [sellerId, status], sort),
    ...indexMembership(indexedCollections.sellerProductsByCategory, [sellerId, categoryId], sort),
    ...indexMembership(
      indexedCollections.sellerProductsByStatusAndCategory,
      [sellerId, status, categoryId],
      sort,
    ),
  };
};

/** The same as SET assignments of an update. */
const listAssignments = (listing: SellerListing) => {
  const sort: [string, string] = [listing.createdAt, listing.productId];
  const { sellerId, status, categoryId } = listing;
  return [
    indexAssignment(indexedCollections.sellerProductsByStatus, [sellerId, status], sort),
    indexAssignment(indexedCollections.sellerProductsByCategory, [sellerId, categoryId], sort),
    indexAssignment(
      indexedCollections.sellerProductsByStatusAndCategory,
      [sellerId, status, categoryId],
      sort,
    ),
  ];
};

/** One word start of a product's name in its seller's name entries, with what a search filters on. */
export const productNameEntryItem = (listing: SellerListing, words: string) => ({
  ...keys.productNameEntry(listing.sellerId, words, listing.productId),
  entity: "product_name",
  product_id: listing.productId,
  created_at: listing.createdAt,
  status_moderation: listing.status,
  id_categories: listing.categoryId,
});

/**
 * A product as a table item: in its seller's whole list and, being indexed, in its status and category
 * lists. Its name entries are separate items (`productNameEntryItem`, written in the same transaction).
 */
export const productItem = (product: ProductRecord) => {
  const listing = sellerListingOf(product);
  return {
    ...keys.product(product.id),
    entity: "product",
    ...product,
    lists_indexed: 1,
    ...indexMembership(
      indexedCollections.sellerProducts,
      [product.seller_id],
      [product.created_at, product.id],
    ),
    ...listMemberships(listing),
  };
};

/** Builds `SET a = :a, …` for a partial record, with placeholder names that cannot clash with keywords. */
const setExpression = (changes: Record<string, unknown>) => {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  // Absent fields are not changes; the document client would drop their values but not their placeholders.
  const present = Object.entries(changes).filter(([, value]) => value !== undefined);
  const parts = present.map(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  return { expression: parts.join(", "), names, values };
};

/** A product's move between the seller's lists: where it is listed before (undefined: not indexed yet) and after. */
interface ListingMove {
  readonly before: SellerListing | undefined;
  readonly after: SellerListing | undefined;
}

/**
 * The move a write from `current` to `next` makes, or undefined when it moves nothing: a product is
 * (re)listed when its status, category or name changes, and when `index` asks it for a product not
 * indexed yet; a product not indexed yet whose change moves nothing stays as it is.
 */
const listingMove = (current: ProductRecord, next: ProductRecord, index = false): ListingMove | undefined => {
  const before = current.lists_indexed === 1 ? sellerListingOf(current) : undefined;
  if (!movesListing(current, next) && !(index && before === undefined)) return undefined;
  return { before, after: sellerListingOf(next) };
};

/** The DynamoDB implementation of ProductStore. */
export const createProductRepository = (client: DynamoDBDocumentClient, tableName: string): ProductStore => {
  const guardPut = (key: ReturnType<typeof keys.productNameGuard>, product: ProductRecord): TransactItem => ({
    Put: {
      TableName: tableName,
      Item: { ...key, entity: "guard", product_id: product.id },
      ConditionExpression: "attribute_not_exists(PK)",
    },
  });
  const guardDelete = (key: ReturnType<typeof keys.productNameGuard>): TransactItem => ({
    Delete: { TableName: tableName, Key: key },
  });
  const categoryCheck = (categoryId: number): TransactItem => ({
    ConditionCheck: {
      TableName: tableName,
      Key: keys.category(categoryId),
      ConditionExpression: "attribute_exists(PK) AND #status = :active",
      ExpressionAttributeNames: { "#status": "status" },
      ExpressionAttributeValues: { ":active": "active" },
    },
  });

  /**
   * What a product write adds for its move between lists: its name entries put and deleted, and the
   * seller's counts moved (with `productsDelta` for a create or delete). The count item must exist, so
   * a seller whose products predate it gets it built first (see readCounts).
   */
  const moveItems = (
    move: ListingMove | undefined,
    productsDelta: number,
    sellerId: number,
  ): { items: TransactItem[]; labels: ("stale" | "counts_missing")[] } => {
    const items: TransactItem[] = [];
    const labels: ("stale" | "counts_missing")[] = [];
    const { before, after } = move ?? { before: undefined, after: undefined };
    const kept = new Set(after?.names ?? []);
    for (const words of before?.names ?? []) {
      if (before === undefined || kept.has(words)) continue;
      items.push({
        Delete: { TableName: tableName, Key: keys.productNameEntry(sellerId, words, before.productId) },
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
          Key: keys.sellerCounts(sellerId),
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
  const moveClauses = (
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

  /** Runs a write: one request when it is a single item, else a transaction; names the first failed condition by `labels`. */
  const transact = async <T extends WriteAttempt>(
    items: TransactItem[],
    labels: T[],
  ): Promise<T | "ok" | "stale"> => {
    const [only] = items;
    if (items.length === 1 && only && !only.ConditionCheck) {
      try {
        if (only.Update) await client.send(new UpdateCommand(only.Update));
        else if (only.Put) await client.send(new PutCommand(only.Put));
        else if (only.Delete) await client.send(new DeleteCommand(only.Delete));
        return "ok";
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return labels[0] ?? "stale";
        throw error;
      }
    }
    try {
      await writeTransaction(client, items);
      return "ok";
    } catch (error) {
      const failed = failedConditions(error);
      if (!failed) throw error;
      const index = failed.indexOf(true);
      return labels[index] ?? "stale";
    }
  };

  /**
   * The seller's counts, building the count item from their products when it is missing. While it is
   * missing no product of theirs can be created, deleted or moved between lists (each needs it), so
   * the counts cannot change under us, and concurrent callers agree (the first Put wins).
   */
  const readCounts = async (sellerId: number): Promise<Record<string, number>> => {
    const existing = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.sellerCounts(sellerId), ConsistentRead: true }),
    );
    if (typeof existing.Item?.products === "number") return existing.Item as Record<string, number>;
    const rows = (await queryAll(
      client,
      indexQuery(tableName, indexedCollections.sellerProducts, [sellerId], {
        attributes: productCountAttributes,
      }),
    )) as unknown as ProductListEntry[];
    const counts = countsOf(rows);
    try {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.sellerCounts(sellerId), entity: "seller_counts", ...counts },
          ConditionExpression: "attribute_not_exists(PK)",
        }),
      );
      return counts;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      return readCounts(sellerId);
    }
  };

  /** Runs `attempt` again after building a missing count item, and after a stale read up to three times in all. */
  const withCounts = async <T>(
    sellerId: number,
    attempt: () => Promise<T | "counts_missing" | "stale">,
  ): Promise<T | "stale"> => {
    for (let round = 0; round < 3; round++) {
      const outcome = await attempt();
      if (outcome === "counts_missing") await readCounts(sellerId);
      else if (outcome !== "stale") return outcome;
    }
    return "stale";
  };

  const getProduct = async (productId: string, consistent: boolean) => {
    const result = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.product(productId), ConsistentRead: consistent }),
    );
    return result.Item ? productRecordSchema.parse(result.Item) : undefined;
  };

  /**
   * Moves a product read just before to `changes` with the status set by a moderation step, on condition
   * that it is still listed as read plus `condition`; `remove` lists attributes to drop.
   */
  const moderate = (
    current: ProductRecord,
    changes: Partial<ProductRecord>,
    extra: { condition?: string; values?: Record<string, unknown>; remove?: string } = {},
  ) => {
    const move = listingMove(current, { ...current, ...changes });
    const set = setExpression(changes);
    const clauses = moveClauses(current, move);
    // A move is conditioned on the listing as read; a write that moves nothing still sets the status, so it
    // must find the status it read.
    const listed = clauses.condition || "status_moderation = :listedStatus";
    const update: TransactItem = {
      Update: {
        TableName: tableName,
        Key: keys.product(current.id),
        UpdateExpression: `SET ${[set.expression, clauses.set].filter(Boolean).join(", ")}${extra.remove ? ` REMOVE ${extra.remove}` : ""}`,
        ConditionExpression: [listed, extra.condition].filter(Boolean).join(" AND "),
        ExpressionAttributeNames: { ...set.names, ...clauses.names },
        ExpressionAttributeValues: {
          ...set.values,
          ":listedStatus": current.status_moderation,
          ...clauses.values,
          ...extra.values,
        },
      },
    };
    const listing = moveItems(move, 0, current.seller_id);
    return transact([update, ...listing.items], ["stale", ...listing.labels]);
  };

  /** The lines of these products, in this order (those deleted meanwhile left out). */
  const linesOf = async (productIds: readonly string[]): Promise<ProductListLine[]> => {
    const found = new Map<string, ProductListLine>();
    for (let i = 0; i < productIds.length; i += 100) {
      let pending: Record<string, unknown>[] = productIds
        .slice(i, i + 100)
        .map((id) => ({ ...keys.product(id) }));
      while (pending.length > 0) {
        const result = await client.send(
          new BatchGetCommand({
            RequestItems: {
              [tableName]: {
                Keys: pending,
                ProjectionExpression: lineAttributes.map((_, n) => `#a${n}`).join(", "),
                ExpressionAttributeNames: Object.fromEntries(lineAttributes.map((a, n) => [`#a${n}`, a])),
              },
            },
          }),
        );
        for (const item of result.Responses?.[tableName] ?? [])
          found.set(String(item.id), item as unknown as ProductListLine);
        pending = result.UnprocessedKeys?.[tableName]?.Keys ?? [];
      }
    }
    return productIds.flatMap((id) => {
      const line = found.get(id);
      return line ? [line] : [];
    });
  };

  /**
   * The products whose name entries match a search (and the status and category filters, which the
   * entries carry), newest first: every matching entry is read, none that does not match.
   */
  const nameMatches = async (
    sellerId: number,
    filter: ListFilter & { phrase: string },
  ): Promise<string[]> => {
    const { key, checkNames } = phraseKey(filter.phrase);
    const conditions: string[] = [];
    const values: Record<string, unknown> = { ":pk": collections.productNames(sellerId).PK, ":key": key };
    if (filter.status !== undefined) {
      conditions.push("status_moderation = :status");
      values[":status"] = filter.status;
    }
    if (filter.categoryId !== undefined) {
      conditions.push("id_categories = :category");
      values[":category"] = filter.categoryId;
    }
    const entries = await queryAll(client, {
      TableName: tableName,
      KeyConditionExpression: "PK = :pk AND begins_with(SK, :key)",
      ExpressionAttributeValues: values,
      ProjectionExpression: "product_id, created_at",
      ...(conditions.length > 0 ? { FilterExpression: conditions.join(" AND ") } : {}),
    });
    // A name may match from more than one of its word starts: each product once, newest first.
    const byProduct = new Map(
      entries.map((e) => [String(e.product_id), `${String(e.created_at)}#${String(e.product_id)}`]),
    );
    let ids = [...byProduct.keys()].sort((a, b) =>
      (byProduct.get(a) ?? "") < (byProduct.get(b) ?? "") ? 1 : -1,
    );
    if (checkNames) {
      // Entries keep the first NAME_ENTRY_CHARS of the words: a longer search is checked against the names.
      const names = new Map(
        (await batchGetAll(client, tableName, ids.map(keys.product))).map((item) => [
          String(item.id),
          String(item.name),
        ]),
      );
      ids = ids.filter((id) => matchesSearch(names.get(id) ?? "", filter.phrase));
    }
    return ids;
  };

  const listBySeller = async (sellerId: number): Promise<ProductListEntry[]> =>
    (await queryAll(
      client,
      indexQuery(tableName, indexedCollections.sellerProducts, [sellerId], {
        descending: true,
        attributes: productRowAttributes,
      }),
    )) as unknown as ProductListEntry[];

  const linesOnly = (rows: readonly ProductListLine[]): ProductListLine[] =>
    rows.map(({ id, name, price, count, status_moderation }) => ({
      id,
      name,
      price,
      count,
      status_moderation,
    }));

  return {
    async create(product) {
      const listing = moveItems({ before: undefined, after: sellerListingOf(product) }, 1, product.seller_id);
      return withCounts(product.seller_id, () =>
        transact(
          [
            {
              Put: {
                TableName: tableName,
                Item: productItem(product),
                ConditionExpression: "attribute_not_exists(PK)",
              },
            },
            guardPut(keys.productNameGuard(product.seller_id, product.name_key), product),
            guardPut(keys.productUuidGuard(product.seller_id, product.uuid), product),
            categoryCheck(product.id_categories),
            ...listing.items,
          ],
          ["stale", "name_taken", "uuid_taken", "category_invalid", ...listing.labels],
        ),
      );
    },

    get: (productId, options) => getProduct(productId, options?.consistent === true),

    async getMany(productIds) {
      const items = await batchGetAll(client, tableName, productIds.map(keys.product));
      const products = items.map((item) => productRecordSchema.parse(item));
      return new Map(products.map((product) => [product.id, product]));
    },

    async update(current, changes, countDelta = 0) {
      const { count: _ignored, ...rest } = changes;
      const set = setExpression(rest);
      const move = listingMove(current, { ...current, ...rest });
      const clauses = moveClauses(current, move);
      // Stock moves by the seller's change, and only while enough is left for a decrease.
      const stock = countDelta === 0 ? "" : " ADD #count :countDelta";
      const clearRejection =
        changes.status_moderation !== undefined && changes.status_moderation !== "rejected";
      const items: TransactItem[] = [
        {
          Update: {
            TableName: tableName,
            Key: keys.product(current.id),
            UpdateExpression: `SET ${[set.expression, clauses.set].filter(Boolean).join(", ")}${stock}${clearRejection ? " REMOVE rejection_reason" : ""}`,
            // The guards below were chosen for this owner, name and uuid; if any moved on, start over.
            ConditionExpression: [
              "seller_id = :seller AND name_key = :nameKey AND #uuid = :uuid",
              countDelta < 0 ? "#count >= :needed" : "",
              clauses.condition,
            ]
              .filter(Boolean)
              .join(" AND "),
            ExpressionAttributeNames: {
              ...set.names,
              ...clauses.names,
              "#uuid": "uuid",
              ...(countDelta === 0 ? {} : { "#count": "count" }),
            },
            ExpressionAttributeValues: {
              ...set.values,
              ...clauses.values,
              ":seller": current.seller_id,
              ":nameKey": current.name_key,
              ":uuid": current.uuid,
              ...(countDelta === 0 ? {} : { ":countDelta": countDelta }),
              ...(countDelta < 0 ? { ":needed": -countDelta } : {}),
            },
          },
        },
      ];
      const labels: WriteAttempt[] = ["stale"];
      if (changes.name_key !== undefined && changes.name_key !== current.name_key) {
        items.push(
          guardPut(keys.productNameGuard(current.seller_id, changes.name_key), current),
          guardDelete(keys.productNameGuard(current.seller_id, current.name_key)),
        );
        labels.push("name_taken", "stale");
      }
      if (changes.uuid !== undefined && changes.uuid !== current.uuid) {
        items.push(
          guardPut(keys.productUuidGuard(current.seller_id, changes.uuid), current),
          guardDelete(keys.productUuidGuard(current.seller_id, current.uuid)),
        );
        labels.push("uuid_taken", "stale");
      }
      if (changes.id_categories !== undefined && changes.id_categories !== current.id_categories) {
        items.push(categoryCheck(changes.id_categories));
        labels.push("category_invalid");
      }
      const listing = moveItems(move, 0, current.seller_id);
      items.push(...listing.items);
      labels.push(...listing.labels);
      const outcome = await transact(items, labels);
      if (outcome === "counts_missing") {
        // The service reads the product again and retries: by then the count item exists.
        await readCounts(current.seller_id);
        return "stale";
      }
      return outcome === "not_owned" ? "stale" : outcome;
    },

    async delete(product) {
      const move: ListingMove = {
        before: product.lists_indexed === 1 ? sellerListingOf(product) : undefined,
        after: undefined,
      };
      const listing = moveItems(move, -1, product.seller_id);
      const outcome = await withCounts(product.seller_id, () =>
        transact(
          [
            {
              Delete: {
                TableName: tableName,
                Key: keys.product(product.id),
                // The counts move from the status and category read; the guards and entries were named by
                // the name and uuid read.
                ConditionExpression: `seller_id = :seller AND name_key = :nameKey AND #uuid = :uuid AND #name = :name AND status_moderation = :status AND id_categories = :category AND ${
                  product.lists_indexed === 1
                    ? "lists_indexed = :listed"
                    : "attribute_not_exists(lists_indexed)"
                }`,
                ExpressionAttributeNames: { "#uuid": "uuid", "#name": "name" },
                ExpressionAttributeValues: {
                  ":seller": product.seller_id,
                  ":nameKey": product.name_key,
                  ":uuid": product.uuid,
                  ":name": product.name,
                  ":status": product.status_moderation,
                  ":category": product.id_categories,
                  ...(product.lists_indexed === 1 ? { ":listed": 1 } : {}),
                },
              },
            },
            guardDelete(keys.productNameGuard(product.seller_id, product.name_key)),
            guardDelete(keys.productUuidGuard(product.seller_id, product.uuid)),
            ...listing.items,
          ],
          ["stale", "stale", "stale", ...listing.labels],
        ),
      );
      return outcome === "ok" ? "ok" : "stale";
    },

    async updateInPlace(sellerId, productId, changes) {
      if (
        changes.status_moderation !== undefined ||
        changes.id_categories !== undefined ||
        changes.name !== undefined
      )
        throw new Error("updateInPlace cannot move a product between lists: use update");
      const set = setExpression(changes);
      const outcome = await transact(
        [
          {
            Update: {
              TableName: tableName,
              Key: keys.product(productId),
              UpdateExpression: `SET ${set.expression}`,
              ConditionExpression: "seller_id = :seller",
              ExpressionAttributeNames: set.names,
              ExpressionAttributeValues: { ...set.values, ":seller": sellerId },
            },
          },
        ],
        ["not_owned"],
      );
      return outcome === "ok" ? "ok" : "not_owned";
    },

    async pageBySeller(sellerId, offset, limit) {
      const { items } = await queryPage(
        client,
        indexQuery(tableName, indexedCollections.sellerProducts, [sellerId], {
          descending: true,
          attributes: lineAttributes,
        }),
        offset,
        limit,
      );
      return items as unknown as ProductListLine[];
    },

    countBySeller: async (sellerId) => Number((await readCounts(sellerId))[countAttributes.products] ?? 0),

    async pageFiltered(sellerId, filter, offset, limit) {
      const phrase = filter.phrase;
      const keyed = async (counts: Promise<Record<string, number>>): Promise<FilteredPage | undefined> => {
        if (phrase !== undefined) {
          const [known, ids] = await Promise.all([counts, nameMatches(sellerId, { ...filter, phrase })]);
          if (!allIndexed(known)) return undefined;
          return { total: ids.length, products: await linesOf(ids.slice(offset, offset + limit)) };
        }
        const { status, categoryId } = filter;
        const query =
          status !== undefined && categoryId !== undefined
            ? indexQuery(
                tableName,
                indexedCollections.sellerProductsByStatusAndCategory,
                [sellerId, status, categoryId],
                {
                  descending: true,
                  attributes: lineAttributes,
                },
              )
            : status !== undefined
              ? indexQuery(tableName, indexedCollections.sellerProductsByStatus, [sellerId, status], {
                  descending: true,
                  attributes: lineAttributes,
                })
              : indexQuery(
                  tableName,
                  indexedCollections.sellerProductsByCategory,
                  [sellerId, categoryId ?? 0],
                  {
                    descending: true,
                    attributes: lineAttributes,
                  },
                );
        // The count and the page are read side by side; a page past the end reads nothing it shows.
        const [known, page] = await Promise.all([counts, queryPage(client, query, offset, limit)]);
        if (!allIndexed(known)) return undefined;
        return {
          total: Number(known[countOfFilter(filter)] ?? 0),
          products: page.items as unknown as ProductListLine[],
        };
      };
      const page = await keyed(readCounts(sellerId));
      if (page) return page;
      // Some products predate the lists (until `ops product index-lists`): filter the whole list by the same rule.
      const matching = (await listBySeller(sellerId)).filter((row) => passesFilter(row, filter));
      return { total: matching.length, products: linesOnly(matching.slice(offset, offset + limit)) };
    },

    async indexLists(sellerId) {
      await readCounts(sellerId);
      const rows = await listBySeller(sellerId);
      let indexed = 0;
      for (const row of rows) {
        if (row.lists_indexed === 1) continue;
        const outcome = await withCounts(sellerId, async () => {
          const current = await getProduct(row.id, true);
          if (!current || current.lists_indexed === 1) return "done" as const;
          const move = listingMove(current, current, true);
          const clauses = moveClauses(current, move);
          const listing = moveItems(move, 0, sellerId);
          return transact(
            [
              {
                Update: {
                  TableName: tableName,
                  Key: keys.product(current.id),
                  UpdateExpression: `SET ${clauses.set}`,
                  ConditionExpression: clauses.condition,
                  ExpressionAttributeNames: clauses.names,
                  ExpressionAttributeValues: clauses.values,
                },
              },
              ...listing.items,
            ],
            ["stale", ...listing.labels],
          );
        });
        if (outcome === "ok") indexed += 1;
        else if (outcome === "stale") throw new Error(`Product ${row.id} kept changing while it was indexed`);
      }
      return { products: rows.length, indexed };
    },

    listBySeller,

    async submit(productId, sellerId, at) {
      return withCounts(sellerId, async () => {
        const current = await getProduct(productId, true);
        if (!current) return "missing";
        if (current.seller_id !== sellerId) return "not_owner";
        if (current.status_moderation === "pending") return "pending";
        if (current.img_key === "") return "no_image";
        return moderate(
          current,
          { status_moderation: "pending", updated_at: at },
          { condition: "img_key <> :none", values: { ":none": "" }, remove: "rejection_reason" },
        );
      });
    },

    async setImage(productId, sellerId, image, at, seen) {
      let given = seen;
      return withCounts(sellerId, async () => {
        const current = given ?? (await getProduct(productId, true));
        given = undefined;
        if (!current || current.seller_id !== sellerId) return undefined;
        const outcome = await moderate(
          current,
          { img: image.url, img_key: image.key, status_moderation: "pending", updated_at: at },
          // The replaced image is the one read: if another upload replaced it meanwhile, start over.
          {
            condition: "img_key = :previousKey",
            values: { ":previousKey": current.img_key },
            remove: "rejection_reason",
          },
        );
        return outcome === "ok" ? { previousKey: current.img_key } : outcome;
      });
    },

    async decide(productId, decision, at) {
      const approved = decision.status === "approved";
      for (let round = 0; round < 3; round++) {
        const current = await getProduct(productId, true);
        if (!current) return "missing";
        if (current.status_moderation !== "pending") return "not_pending";
        // Nothing without an image is approved.
        if (approved && current.img_key === "") return "no_image";
        const outcome = await moderate(
          current,
          {
            status_moderation: decision.status,
            updated_at: at,
            ...(approved ? {} : { rejection_reason: decision.reason }),
          },
          approved
            ? { condition: "img_key <> :none", values: { ":none": "" }, remove: "rejection_reason" }
            : {},
        );
        if (outcome === "ok") return "ok";
        if (outcome === "counts_missing") await readCounts(current.seller_id);
      }
      return "stale";
    },

    async setFlags(productId, flags, at) {
      const set = setExpression({ ...flags, updated_at: at });
      try {
        const result = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.product(productId),
            UpdateExpression: `SET ${set.expression}`,
            ConditionExpression: "attribute_exists(PK)",
            ExpressionAttributeNames: set.names,
            ExpressionAttributeValues: set.values,
            ReturnValues: "ALL_NEW",
          }),
        );
        return productRecordSchema.parse(result.Attributes);
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return undefined;
        throw error;
      }
    },
  };
};

/** Whether every product of the seller is in the filtered lists (and their counts are exact). */
const allIndexed = (counts: Record<string, number>): boolean =>
  Number(counts[countAttributes.indexed] ?? 0) === Number(counts[countAttributes.products] ?? 0);
