import { describe, expect, it } from "vitest";
import { createCatalogueIndexer } from "../../../shared/catalogue/catalogue-indexer.js";
import type { ListingValues } from "../../../shared/catalogue/catalogue-listing.js";
import type { FacetChange } from "../../../shared/catalogue/catalogue-listing-repository.js";
import type { CatalogueStore } from "../../../shared/catalogue/catalogue-repository.js";
import type { Category } from "../../../shared/categories/category.js";
import type { ProductRecord } from "../../../shared/products/product.js";
import type { ProductListEntry } from "../../../shared/products/product-items.js";

const category: Category = { id: 5, name: "Keys", slug: "keys", status: "active" };

const product = (id: string, sellerId: number, overrides: Partial<ProductRecord> = {}): ProductRecord => ({
  id,
  seller_id: sellerId,
  id_categories: 5,
  name: "Ab",
  name_key: "ab",
  meta_title: "t",
  meta_description: "Cd",
  tags: "x",
  text_page: "0123456789",
  price: 100,
  count: 1,
  uuid: id,
  features: "a,b,c",
  discount: 0,
  api_key: "",
  api_url: "",
  status_moderation: "approved",
  img: "i",
  img_key: "k",
  rating: 0,
  gift_available: 0,
  comment_status: 0,
  comment_regex: "",
  created_at: "2026-11-23T10:00:00.000Z",
  updated_at: "2026-11-23T10:00:00.000Z",
  ...overrides,
});

/** An in-memory catalogue that applies updates and records the changes it was asked to make. */
const memoryCatalogue = () => {
  const recorded = new Map<string, readonly string[]>();
  const entries = new Map<string, ListingValues>();
  const applied: FacetChange[][] = [];
  const store: Pick<CatalogueStore, "recordedFacets" | "entries" | "applyUpdate"> = {
    recordedFacets: async (id) => [...(recorded.get(id) ?? [])],
    entries: async (id, facets) =>
      new Map(
        facets.flatMap((f) =>
          entries.has(`${f}|${id}`) ? [[f, entries.get(`${f}|${id}`) as ListingValues]] : [],
        ),
      ),
    applyUpdate: async (update) => {
      applied.push([...update.changes]);
      for (const change of update.changes) {
        if (change.after) entries.set(`${change.facet}|${update.productId}`, change.after);
        else entries.delete(`${change.facet}|${update.productId}`);
      }
      if (update.listing) recorded.set(update.productId, update.listing.facets);
      else recorded.delete(update.productId);
      return true;
    },
  };
  return { store: store as CatalogueStore, recorded, applied };
};

const indexerOver = (products: ProductRecord[], sellers = 0, blocked = new Set<number>()) => {
  const catalogue = memoryCatalogue();
  const byId = new Map(products.map((p) => [p.id, p]));
  // What the follower was told, with whether the catalogue listed the product at that moment.
  const told: [string, boolean, boolean][] = [];
  const indexer = createCatalogueIndexer({
    followers: [
      {
        follow: async (productId, productExists) => {
          told.push([productId, productExists, catalogue.recorded.has(productId)]);
        },
      },
    ],
    products: {
      get: async (id) => byId.get(id),
      listBySeller: async (sellerId) =>
        products.filter((p) => p.seller_id === sellerId).map((p) => ({ id: p.id }) as ProductListEntry),
    },
    categories: { get: async (id) => (id === category.id ? category : undefined) },
    accounts: { highestSellerId: async () => sellers },
    sellers: {
      find: async (sellerId) => ({ generation: 0, statusModeration: blocked.has(sellerId) ? 2 : 1 }),
    },
    catalogue: catalogue.store,
  });
  return { indexer, catalogue, byId, blocked, told };
};

describe("catalogue indexer rules", () => {
  it("adds a newly public product to each of its facets, then does nothing while it is unchanged", async () => {
    const { indexer, catalogue } = indexerOver([product("P1", 7)]);
    expect(await indexer.sync("P1")).toEqual({ listed: true, facetsChanged: 7 });
    expect(catalogue.applied[0]?.map((c) => [c.facet, c.before, c.after?.price])).toEqual([
      ["A", undefined, 100],
      ["C#5", undefined, 100],
      ["S#7", undefined, 100],
      ["T#a", undefined, 100],
      ["T#ab", undefined, 100],
      ["T#c", undefined, 100],
      ["T#cd", undefined, 100],
    ]);
    expect(await indexer.sync("P1")).toEqual({ listed: true, facetsChanged: 0 });
    expect(catalogue.applied).toHaveLength(1);
  });

  it("moves only what changed: a price change touches every facet, a stock change within stock none", async () => {
    const { indexer, catalogue, byId } = indexerOver([product("P1", 7)]);
    await indexer.sync("P1");
    byId.set("P1", product("P1", 7, { count: 50 }));
    expect(await indexer.sync("P1")).toEqual({ listed: true, facetsChanged: 0 });
    byId.set("P1", product("P1", 7, { price: 300 }));
    expect(await indexer.sync("P1")).toEqual({ listed: true, facetsChanged: 7 });
    expect(catalogue.applied[1]?.every((c) => c.before?.price === 100 && c.after?.price === 300)).toBe(true);
  });

  it("removes every facet of a product that was deleted or stopped being public, and forgets its listing", async () => {
    const { indexer, catalogue, byId } = indexerOver([product("P1", 7)]);
    await indexer.sync("P1");
    byId.delete("P1");
    expect(await indexer.sync("P1")).toEqual({ listed: false, facetsChanged: 7 });
    expect(catalogue.applied[1]?.every((c) => c.before !== undefined && c.after === undefined)).toBe(true);
    expect(catalogue.recorded.has("P1")).toBe(false);
  });

  it("syncs every product of sellers 1 to the highest seller id when asked for all", async () => {
    const { indexer } = indexerOver(
      [product("P1", 1), product("P2", 1, { status_moderation: "draft" }), product("P3", 3)],
      3,
    );
    expect(await indexer.syncAll()).toEqual({ sellers: 3, products: 3, listed: 2, facets_changed: 14 });
    expect(await indexer.syncAll()).toEqual({ sellers: 3, products: 3, listed: 2, facets_changed: 0 });
  });

  it("unlists every product of a blocked seller when that seller is synced, and lists them again once unblocked", async () => {
    const { indexer, catalogue, blocked } = indexerOver(
      [product("P1", 7), product("P2", 7), product("P3", 8)],
      8,
    );
    await indexer.syncAll();
    blocked.add(7);
    expect(await indexer.syncSeller(7)).toEqual({ products: 2, listed: 0, facets_changed: 14 });
    expect(catalogue.recorded.has("P1")).toBe(false);
    expect(catalogue.recorded.has("P2")).toBe(false);
    expect(catalogue.recorded.has("P3")).toBe(true);
    blocked.delete(7);
    expect(await indexer.syncSeller(7)).toEqual({ products: 2, listed: 2, facets_changed: 14 });
  });

  it("does not list a blocked seller's product when it is approved", async () => {
    const { indexer, catalogue } = indexerOver([product("P1", 7)], 0, new Set([7]));
    expect(await indexer.sync("P1")).toEqual({ listed: false, facetsChanged: 0 });
    expect(catalogue.applied).toHaveLength(0);
  });

  it("tells its followers after every sync, once the catalogue is as the sync left it, whether or not it changed anything", async () => {
    const { indexer, byId, told } = indexerOver([product("P1", 7)]);
    await indexer.sync("P1");
    await indexer.sync("P1");
    byId.set("P1", product("P1", 7, { status_moderation: "pending" }));
    await indexer.sync("P1");
    byId.delete("P1");
    await indexer.sync("P1");
    expect(told).toEqual([
      ["P1", true, true],
      ["P1", true, true],
      ["P1", true, false],
      ["P1", false, false],
    ]);
  });

  it("fails the sync when a follower fails, so the stream hands the product again", async () => {
    const catalogue = memoryCatalogue();
    const indexer = createCatalogueIndexer({
      products: { get: async () => product("P1", 7), listBySeller: async () => [] },
      categories: { get: async () => category },
      accounts: { highestSellerId: async () => 0 },
      sellers: { find: async () => ({ generation: 0, statusModeration: 1 }) },
      catalogue: catalogue.store,
      followers: [
        {
          follow: async () => {
            throw new Error("throttled");
          },
        },
      ],
    });
    await expect(indexer.sync("P1")).rejects.toThrow("throttled");
    // The catalogue itself was brought in step; the retry finds it settled and tells the follower again.
    expect(catalogue.recorded.has("P1")).toBe(true);
  });
});
