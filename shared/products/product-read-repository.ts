import { BatchGetCommand, type DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import { batchGetAll } from "../data/batch-get.js";
import { indexQuery } from "../data/index-query.js";
import { queryAll } from "../data/query-all.js";
import { queryPage } from "../data/query-page.js";
import { collections, indexedCollections } from "../data/table-keys.js";
import { type ProductRecord, productFieldsOf, productRecordSchema } from "./product.js";
import {
  type ProductListEntry,
  type ProductListLine,
  productLineAttributes,
  productNameEntryTableItem,
  productRowAttributes,
  productTableItem,
} from "./product-items.js";
import { allIndexed, type SellerCounts } from "./seller-counts-repository.js";
import {
  countAttributes,
  countOfFilter,
  type ListFilter,
  matchesSearch,
  passesFilter,
  phraseKey,
} from "./seller-lists.js";

/** One page of a filtered list and the size of the whole list. */
export interface FilteredPage {
  readonly total: number;
  readonly products: ProductListLine[];
}

/** Reads of products: one, several, and a seller's lists. */
export interface ProductReads {
  /** One product; `consistent` reads it after every write that has succeeded. */
  get(productId: string, options?: { consistent?: boolean }): Promise<ProductRecord | undefined>;
  /** The products that exist among `productIds`, by id. */
  getMany(productIds: readonly string[]): Promise<Map<string, ProductRecord>>;
  /** Every product of the seller, newest first (the operator's walks, and filters before the lists existed). */
  listBySeller(sellerId: number): Promise<ProductListEntry[]>;
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
}

/** One product as stored; `consistent` reads it after every write that has succeeded. */
export const readProduct = async (
  client: DynamoDBDocumentClient,
  tableName: string,
  productId: string,
  consistent: boolean,
): Promise<ProductRecord | undefined> => {
  const result = await client.send(
    new GetCommand({
      TableName: tableName,
      Key: productTableItem.key(productId),
      ConsistentRead: consistent,
    }),
  );
  return result.Item ? productRecordSchema.parse(result.Item) : undefined;
};

/** The DynamoDB implementation of ProductReads. */
export const createProductReads = (
  client: DynamoDBDocumentClient,
  tableName: string,
  { readCounts }: SellerCounts,
): ProductReads => {
  /** The lines of these products, in this order (those deleted meanwhile left out). */
  const linesOf = async (productIds: readonly string[]): Promise<ProductListLine[]> => {
    const found = new Map<string, ProductListLine>();
    for (let i = 0; i < productIds.length; i += 100) {
      let pending: Record<string, unknown>[] = productIds
        .slice(i, i + 100)
        .map((id) => ({ ...productTableItem.key(id) }));
      while (pending.length > 0) {
        const result = await client.send(
          new BatchGetCommand({
            RequestItems: {
              [tableName]: {
                Keys: pending,
                ProjectionExpression: productLineAttributes.map((_, n) => `#a${n}`).join(", "),
                ExpressionAttributeNames: Object.fromEntries(
                  productLineAttributes.map((a, n) => [`#a${n}`, a]),
                ),
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
      ProjectionExpression: productNameEntryTableItem.projections.search.join(", "),
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
        (await batchGetAll(client, tableName, ids.map(productTableItem.key))).map((item) => [
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

  /** A list query of one of the seller's filtered lists, newest first. */
  const filteredQuery = (sellerId: number, { status, categoryId }: ListFilter) =>
    status !== undefined && categoryId !== undefined
      ? indexQuery(
          tableName,
          indexedCollections.sellerProductsByStatusAndCategory,
          [sellerId, status, categoryId],
          { descending: true, attributes: productLineAttributes },
        )
      : status !== undefined
        ? indexQuery(tableName, indexedCollections.sellerProductsByStatus, [sellerId, status], {
            descending: true,
            attributes: productLineAttributes,
          })
        : indexQuery(tableName, indexedCollections.sellerProductsByCategory, [sellerId, categoryId ?? 0], {
            descending: true,
            attributes: productLineAttributes,
          });

  return {
    get: (productId, options) => readProduct(client, tableName, productId, options?.consistent === true),

    async getMany(productIds) {
      const items = await batchGetAll(client, tableName, productIds.map(productTableItem.key));
      const products = items.map((item) => productRecordSchema.parse(item));
      return new Map(products.map((product) => [product.id, product]));
    },

    listBySeller,

    async pageBySeller(sellerId, offset, limit) {
      const { items } = await queryPage(
        client,
        indexQuery(tableName, indexedCollections.sellerProducts, [sellerId], {
          descending: true,
          attributes: productLineAttributes,
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
        // The count and the page are read side by side; a page past the end reads nothing it shows.
        const [known, page] = await Promise.all([
          counts,
          queryPage(client, filteredQuery(sellerId, filter), offset, limit),
        ]);
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
      return {
        total: matching.length,
        products: matching
          .slice(offset, offset + limit)
          .map((row) => productFieldsOf(row, productLineAttributes)),
      };
    },
  };
};
