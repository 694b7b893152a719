import { refuse, worded } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import * as z from "../validation/zod-mini.js";

/** What POST /favorites can do with one product on the caller's list. */
export const favoriteActions = ["add", "remove", "toggle"] as const;

/** POST /favorites body: which product, and what to do with it. */
export const favoriteBodySchema = z.strictObject(
  {
    product_id: z
      .string({ error: refusals.productIdNotString.message })
      .check(
        z.minLength(1, refusals.productIdRequired.message),
        z.maxLength(64, refusals.productIdTooLong.message),
        z.describe(
          "The product: its product_id (a 26-character ULID; 1-64 characters accepted). add and toggle need a public product (404 otherwise); remove takes any id",
        ),
      ),
    action: z
      .enum(favoriteActions, {
        // zod reports a missing enum value as a wrong value; say "required" like every other missing field.
        error: (issue) =>
          issue.input === undefined
            ? refusals.fieldRequired.message({ field: "action" })
            : refusals.favoriteAction.message,
      })
      .check(
        z.describe(
          "add puts the product on the list, remove takes it off (both idempotent), toggle flips it",
        ),
      ),
  },
  { error: refusals.notJsonObject.message },
);
export type FavoriteBody = z.infer<typeof favoriteBodySchema>;

/**
 * Favorites one reseller may hold: a list a person browses (5 pages of 100), and what bounds one
 * account's share of the table and of the indexer's work when a product's listing changes.
 */
export const FAVORITES_PER_ACCOUNT = 500;

/** The refusal of an add (or a toggle that would add) when the caller already holds `cap` favorites. */
export const favoritesFull = (cap: number) => refuse(worded(refusals.favoritesFull, { max: cap }));

/** A favorite as stored beside its product (`favoriteTableItem`), one per reseller who holds it. */
export const favoriteRecordSchema = z.object({
  account_id: z.number().check(z.int(), z.positive()),
  product_id: z.string().check(z.minLength(1)),
  added_at: z.string(),
});
export type FavoriteRecord = z.infer<typeof favoriteRecordSchema>;

/** One entry of GET /favorites: a public product and its current name. */
export interface FavoriteItem {
  readonly product_id: string;
  readonly name: string;
}

/** The answer of POST /favorites: whether the product is on the caller's list now. */
export interface FavoriteState {
  readonly product_id: string;
  readonly favorite: boolean;
}

/**
 * Where a product stands for its favorites: listed in the catalogue (shown in GET /favorites), not
 * listed now (kept, not shown, not read), or deleted for good (its favorites are removed).
 */
export const followedStates = ["listed", "unlisted", "gone"] as const;
export type FollowedState = (typeof followedStates)[number];

/**
 * What a product's favorites follow, kept beside the product once it has one: the state last announced
 * to them, whether every favorite shows it yet, and a version each announcement raises.
 */
export const favoriteFollowSchema = z.object({
  state: z.enum(followedStates),
  settled: z.boolean(),
  version: z.number().check(z.int(), z.nonnegative()),
});
export type FavoriteFollow = z.infer<typeof favoriteFollowSchema>;
