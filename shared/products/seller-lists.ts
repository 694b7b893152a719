import { type ModerationStatus, moderationStatuses, type ProductRecord } from "./product.js";

/**
 * How a seller's product list is filtered by keys (GET /api/v1/products with `status`, `category`,
 * `search`): which lists a product is in, which counts it adds to, and what a name search matches.
 *
 * - `status`, `category` and both together are three sparse indexes of the product item (GSI5–GSI7,
 *   `indexedCollections.sellerProducts*`), newest first like the unfiltered list.
 * - `search` reads the seller's name entries: one item per word start of each name, keyed by the
 *   name's words from there on, so a search is one `begins_with` range of keys.
 * - Each list's size is a count on the seller's count item (`keys.sellerCounts`), moved in the same
 *   write as the product, so `pagination.total` is one read.
 */

/** A name is found from each of its first this many word starts (a rename rewrites at most twice as many entries, within one transaction). */
export const MAX_NAME_ENTRIES = 40;
/** A name entry's key keeps this many characters of the words from its start; a longer search is checked against each candidate's name. */
export const NAME_ENTRY_CHARS = 200;

/** Lower-case, compatibility-folded, without combining marks ("Café" → "cafe"), as the v2 catalogue's search. */
const normalizeSearchText = (text: string): string =>
  text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .normalize("NFC");

/** The words of a text in order, repeats kept; a word is a run of letters and digits. */
export const nameWords = (text: string): string[] => normalizeSearchText(text).match(/[\p{L}\p{N}]+/gu) ?? [];

const firstCharacters = (text: string): string => [...text].slice(0, NAME_ENTRY_CHARS).join("");

/** From each of the name's first MAX_NAME_ENTRIES word starts, the words from there to the end. */
const wordRuns = (name: string): string[] => {
  const words = nameWords(name);
  return words.slice(0, MAX_NAME_ENTRIES).map((_, i) => words.slice(i).join(" "));
};

/** The keys of a name's entries: each word run, cut to NAME_ENTRY_CHARS, once. */
export const nameEntryWords = (name: string): string[] => [...new Set(wordRuns(name).map(firstCharacters))];

/**
 * Whether a name matches a search: from one of its first word starts on, the name's words begin with
 * the search's words, the last of which may be the start of a word ("ring ke" finds "Elden Ring Key",
 * "lden" does not). Case, accents and punctuation do not matter.
 */
export const matchesSearch = (name: string, phrase: string): boolean =>
  wordRuns(name).some((run) => run.startsWith(phrase));

/** The key prefix a search phrase is read by, and whether candidates must be checked against their name. */
export const phraseKey = (phrase: string): { key: string; checkNames: boolean } => {
  const key = firstCharacters(phrase);
  return { key, checkNames: key !== phrase };
};

/** What a filtered list asks for; each present filter must hold. */
export interface ListFilter {
  readonly status?: ModerationStatus;
  readonly categoryId?: number;
  /** The search's words joined by single spaces (see `matchesSearch`). */
  readonly phrase?: string;
}

const MAX_CATEGORY_ID = 2_147_483_647;

/**
 * The filter of GET /products' query: undefined when none is given (an empty value is no filter), or
 * "nothing" when a value can match no product (an unknown status, a category that is not a product
 * category id, a search without a letter or digit), which answers an empty page without a read.
 */
export const listFilterOf = (query: {
  readonly status?: string;
  readonly category?: string;
  readonly search?: string;
}): ListFilter | "nothing" | undefined => {
  const status = query.status === "" ? undefined : query.status;
  const category = query.category === "" ? undefined : query.category;
  const search = query.search === undefined || query.search.trim() === "" ? undefined : query.search;
  if (status === undefined && category === undefined && search === undefined) return undefined;
  if (status !== undefined && !(moderationStatuses as readonly string[]).includes(status)) return "nothing";
  if (category !== undefined && !(/^[1-9]\d{0,9}$/.test(category) && Number(category) <= MAX_CATEGORY_ID))
    return "nothing";
  const words = search === undefined ? [] : nameWords(search);
  if (search !== undefined && words.length === 0) return "nothing";
  return {
    ...(status === undefined ? {} : { status: status as ModerationStatus }),
    ...(category === undefined ? {} : { categoryId: Number(category) }),
    ...(search === undefined ? {} : { phrase: words.join(" ") }),
  };
};

/** Whether a product (as its list row) passes a filter: the rule the keyed reads implement. */
export const passesFilter = (
  product: Pick<ProductRecord, "name" | "status_moderation" | "id_categories">,
  filter: ListFilter,
): boolean =>
  (filter.status === undefined || product.status_moderation === filter.status) &&
  (filter.categoryId === undefined || product.id_categories === filter.categoryId) &&
  (filter.phrase === undefined || matchesSearch(product.name, filter.phrase));

/** The attributes of the seller's count item: all products, those indexed, and one per list. */
export const countAttributes = {
  products: "products",
  /** Products in the filtered lists; equal to `products` once every older product was indexed. */
  indexed: "indexed",
  status: (status: string) => `status#${status}`,
  category: (categoryId: number) => `category#${categoryId}`,
  statusAndCategory: (status: string, categoryId: number) => `status#${status}#category#${categoryId}`,
} as const;

/** The count that is the size of a status and/or category list (the filter must have one of them). */
export const countOfFilter = (filter: ListFilter): string => {
  if (filter.status !== undefined && filter.categoryId !== undefined)
    return countAttributes.statusAndCategory(filter.status, filter.categoryId);
  if (filter.status !== undefined) return countAttributes.status(filter.status);
  if (filter.categoryId !== undefined) return countAttributes.category(filter.categoryId);
  throw new Error("a status or category filter is needed to name a count");
};

/** Where a product is in its seller's filtered lists. */
export interface SellerListing {
  readonly sellerId: number;
  readonly productId: string;
  readonly createdAt: string;
  readonly status: ModerationStatus;
  readonly categoryId: number;
  /** The keys of its name entries (`nameEntryWords`). */
  readonly names: readonly string[];
}

export const sellerListingOf = (product: ProductRecord): SellerListing => ({
  sellerId: product.seller_id,
  productId: product.id,
  createdAt: product.created_at,
  status: product.status_moderation,
  categoryId: product.id_categories,
  names: nameEntryWords(product.name),
});

/** Whether a change of the product moves it between lists or renames its entries. */
export const movesListing = (current: ProductRecord, next: ProductRecord): boolean =>
  current.status_moderation !== next.status_moderation ||
  current.id_categories !== next.id_categories ||
  current.name !== next.name;

/** How the seller's counts move when a product goes from `before` to `after` (undefined: in no list), zeros left out. */
export const countMoves = (
  before: SellerListing | undefined,
  after: SellerListing | undefined,
  productsDelta: number,
): Map<string, number> => {
  const moves = new Map<string, number>();
  const add = (attribute: string, delta: number) => moves.set(attribute, (moves.get(attribute) ?? 0) + delta);
  add(countAttributes.products, productsDelta);
  for (const [listing, sign] of [
    [before, -1],
    [after, 1],
  ] as const) {
    if (!listing) continue;
    add(countAttributes.indexed, sign);
    add(countAttributes.status(listing.status), sign);
    add(countAttributes.category(listing.categoryId), sign);
    add(countAttributes.statusAndCategory(listing.status, listing.categoryId), sign);
  }
  for (const [attribute, delta] of moves) if (delta === 0) moves.delete(attribute);
  return moves;
};

/** The counts of a set of products (as list rows), for building a missing count item. */
export const countsOf = (
  rows: readonly Pick<ProductRecord, "status_moderation" | "id_categories" | "lists_indexed">[],
): Record<string, number> => {
  const counts: Record<string, number> = { [countAttributes.products]: 0, [countAttributes.indexed]: 0 };
  for (const row of rows) {
    counts[countAttributes.products] = (counts[countAttributes.products] ?? 0) + 1;
    if (row.lists_indexed !== 1) continue;
    for (const attribute of [
      countAttributes.indexed,
      countAttributes.status(row.status_moderation),
      countAttributes.category(row.id_categories),
      countAttributes.statusAndCategory(row.status_moderation, row.id_categories),
    ])
      counts[attribute] = (counts[attribute] ?? 0) + 1;
  }
  return counts;
};
