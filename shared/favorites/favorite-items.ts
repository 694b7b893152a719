import { LISTED_VALUES_ATTRIBUTE } from "../catalogue/catalogue-items.js";
import { defineTableItem } from "../data/table-item.js";
import { indexedCollections, indexMembership, keys } from "../data/table-keys.js";
import type { FavoriteRecord } from "./favorite.js";

/**
 * The table items of favorites, each declared once with its key, entity and projections: a favorite
 * beside its product, what a product's favorites follow, and how many favorites a reseller holds.
 */

const listing = indexedCollections.listedFavorites;

/** A product on a reseller's favorites list, beside the product; in the reseller's list only while listed. */
export const favoriteTableItem = defineTableItem({
  entity: "favorite",
  key: keys.favorite,
  projections: {
    /** What a page of the reseller's list reads of each favorite from the index: the product id. */
    listed: [listing.index.sortKey],
    /** What the follower reads of a product's favorites: whose each is, and whether it is shown. */
    holders: ["account_id", listing.index.partitionKey],
  },
});

/** What a product's favorites follow: the state last announced to them, and whether each shows it. */
export const favoriteFollowTableItem = defineTableItem({
  entity: "favorite_follow",
  key: keys.favoriteFollow,
  projections: {
    /**
     * What a new favorite must follow, read in one request with the product's catalogue manifest: the
     * record's fields and the manifest's listed values, with the sort key that tells the two apart.
     */
    reading: ["SK", "state", "settled", "version", LISTED_VALUES_ATTRIBUTE],
  },
});

/** How many favorites a reseller holds (the cap): made by an `ADD` update, which sets its entity too. */
export const favoriteCountTableItem = defineTableItem({ entity: "favorite_count", key: keys.favoriteCount });

/** A favorite as stored; `shown` puts it in its reseller's list (the product is listed). */
export const favoriteItem = (record: FavoriteRecord, shown: boolean) =>
  favoriteTableItem.item([record.account_id, record.product_id], {
    ...record,
    ...(shown ? indexMembership(listing, [record.account_id], [record.product_id]) : {}),
  });

/** The follow record a product's first favorite creates, settled at what that favorite shows. */
export const firstFollowItem = (productId: string, shown: boolean) =>
  favoriteFollowTableItem.item([productId], {
    state: shown ? "listed" : "unlisted",
    settled: true,
    version: 0,
  });
