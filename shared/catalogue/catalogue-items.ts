import { defineTableItem } from "../data/table-item.js";
import { indexedCollections, indexMembership, keys } from "../data/table-keys.js";
import type { ListingValues } from "./catalogue-listing.js";

/**
 * The table items the catalogue indexer writes for a product, each declared once with its key, entity
 * and projections: an entry per facet the product is listed in, and the manifest of those facets.
 * (A facet's counts and price-tree nodes are made by `ADD` updates and carry no entity.)
 */

/** A listed product's entry in one facet: newest-first by its key, by price through GSI3. */
export const catalogueEntryTableItem = defineTableItem({
  entity: "catalogue_entry",
  key: keys.catalogueEntry,
  // The facet is the rest of the partition key.
  prefix: keys.catalogueEntry("", ""),
  projections: {
    /**
     * What a search page reads of each entry it shows: the product, and the category and seller it was
     * listed under, so the page's categories and sellers are read beside its products.
     */
    page: ["product_id", "category_id", "seller_id"],
  },
});

/** What the indexer records for a product: the facets it may have entries in, and the values listed. */
export const catalogueManifestTableItem = defineTableItem({
  entity: "catalogue_listing",
  key: keys.catalogueManifest,
});

/** A facet's entry for a listed product, as stored: newest-first by its key, by price through GSI3. */
export const catalogueEntryItem = (facet: string, values: ListingValues) =>
  catalogueEntryTableItem.item([facet, values.product_id], {
    ...values,
    ...indexMembership(indexedCollections.cataloguePrices, [facet], [values.price, values.product_id]),
  });

/**
 * A rated product's second entry in a facet (#25): keyed by its rating, then its id, so the partition read
 * backwards is `sort=rating`'s order (highest first, newest first among equals). Only products with an
 * approved review have one: `sort=rating` reads these, then the facet's unrated entries newest first.
 */
export const ratedCatalogueEntryTableItem = defineTableItem({
  entity: "catalogue_rated_entry",
  key: keys.ratedCatalogueEntry,
});

/** A facet's rated entry for a rated product: every listing value, so a search filters it as any entry. */
export const ratedCatalogueEntryItem = (facet: string, values: ListingValues & { rating: number }) =>
  ratedCatalogueEntryTableItem.item([facet, values.rating, values.product_id], { ...values });

/** The facet a stored entry lists its product in, read back from its key. */
export const facetOfEntry = (item: Record<string, unknown>): string =>
  String(item.PK).slice(catalogueEntryTableItem.prefix.PK.length);

/** The listing values a stored entry holds. */
export const listingValuesOf = (item: Record<string, unknown>): ListingValues => ({
  product_id: String(item.product_id),
  price: Number(item.price),
  in_stock: item.in_stock === true,
  category_id: Number(item.category_id),
  seller_id: Number(item.seller_id),
  words: String(item.words),
  ...(item.rating === undefined ? {} : { rating: Number(item.rating) }),
});

/**
 * The manifest's attribute that holds the listed values: there exactly while the indexer lists the
 * product (a favorite's transaction checks it, `shared/favorites/favorite-repository.ts`).
 */
export const LISTED_VALUES_ATTRIBUTE = "values";

/** What the indexer records for a product: the facets it may have entries in, and the values listed. */
export const catalogueManifestItem = (
  productId: string,
  facets: readonly string[],
  values: ListingValues | undefined,
) =>
  catalogueManifestTableItem.item([productId], {
    facets: [...facets],
    ...(values ? { [LISTED_VALUES_ATTRIBUTE]: values } : {}),
  });
