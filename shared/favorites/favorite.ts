import * as z from "../validation/zod-mini.js";

/** What POST /favorites can do with one product on the caller's list. */
export const favoriteActions = ["add", "remove", "toggle"] as const;

/** POST /favorites body: which product, and what to do with it. */
export const favoriteBodySchema = z.strictObject(
  {
    product_id: z
      .string({ error: "product_id must be a string" })
      .check(
        z.minLength(1, "product_id is required"),
        z.maxLength(64, "product_id must be at most 64 characters"),
      ),
    action: z.enum(favoriteActions, {
      // zod reports a missing enum value as a wrong value; say "required" like every other missing field.
      error: (issue) =>
        issue.input === undefined ? "Field 'action' is required" : "action must be add, remove or toggle",
    }),
  },
  { error: "Request body must be a JSON object" },
);
export type FavoriteBody = z.infer<typeof favoriteBodySchema>;

/** A favorite as stored under its reseller's account. */
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
