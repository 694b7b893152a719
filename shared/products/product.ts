import * as refusals from "../errors/refusals.js";
import * as z from "../validation/zod-mini.js";
import { productFields } from "./product-fields.js";

/** Moderation states; only `approved` products are public. */
export const moderationStatuses = ["draft", "pending", "approved", "rejected"] as const;
export type ModerationStatus = (typeof moderationStatuses)[number];

/**
 * A product as stored: the one list of a product's fields. The bodies below take the rules of the fields
 * a seller writes (`productFields`); list lines, projections and answers pick their fields from this.
 */
export const productRecordSchema = z.object({
  id: z.string(),
  seller_id: z.number().check(z.int()),
  id_categories: z.number().check(z.int()),
  name: z.string(),
  name_key: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  tags: z.string(),
  text_page: z.string(),
  price: z.number().check(z.int()),
  count: z.number().check(z.int()),
  uuid: z.string(),
  features: z.string(),
  discount: z.number().check(z.int()),
  api_key: z.string(),
  api_url: z.string(),
  status_moderation: z.enum(moderationStatuses),
  rejection_reason: z.optional(z.string()),
  img: z.string(),
  img_key: z.string(),
  /** The spec's stored rating, kept at 0 for compatibility: the rating shown comes from the tally below. */
  rating: z.number().check(z.int()),
  /**
   * The sum and count of the ratings of the product's approved reviews (#25), moved only by `ADD` in the
   * transactions that decide those reviews (`shared/ratings/`); absent before the first.
   */
  rating_sum: z.optional(z.number().check(z.int())),
  rating_count: z.optional(z.number().check(z.int())),
  gift_available: z.number().check(z.int()),
  comment_status: z.number().check(z.int()),
  comment_regex: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * 1 once the product is in its seller's filtered lists (status and category indexes, name entries,
   * counts); absent on products written before those existed, until `ops product index-lists`.
   */
  lists_indexed: z.optional(z.literal(1)),
  /**
   * 1 once the seller has uploaded codes (`shared/key-stock/`): `count` is then the available codes, kept
   * by the transactions that change them, and these three count the codes in the other states.
   */
  key_stock: z.optional(z.literal(1)),
  key_reserved: z.optional(z.number().check(z.int())),
  key_delivered: z.optional(z.number().check(z.int())),
  key_withdrawn: z.optional(z.number().check(z.int())),
});
export type ProductRecord = z.infer<typeof productRecordSchema>;

/** Rules only for fields the product stores: a rule for any other field fails to compile. */
type StoredFieldRules = {
  readonly [K in keyof typeof productFields]: K extends keyof ProductRecord ? unknown : never;
};
const sellerFields = productFields satisfies StoredFieldRules;

const bodyError = { error: refusals.notJsonObject.message };

/**
 * Each rule made optional (a field the body may leave out). Written out rather than zod's `partial` and
 * `omit`, which would add up to 1.7 KB of zod to every bundle that imports this module.
 */
const optional = <T extends Record<string, z.ZodMiniType>>(rules: T) =>
  Object.fromEntries(Object.entries(rules).map(([field, rule]) => [field, z.optional(rule)])) as {
    [K in keyof T]: z.ZodMiniOptional<T[K]>;
  };

const { api_url: _setLater, discount, api_key, ...required } = sellerFields;

/** POST /products body: what a seller writes but api_url; discount and api_key may be left out. */
export const createProductSchema = z.strictObject(
  { ...required, ...optional({ discount, api_key }) },
  bodyError,
);
export type CreateProductInput = z.infer<typeof createProductSchema>;

/** POST /products/update/{id} body: any subset; rating and status_moderation are not among them. */
export const updateProductSchema = z.strictObject(optional(sellerFields), bodyError);
export type UpdateProductInput = z.infer<typeof updateProductSchema>;

/** These fields of a product (or of a part of one), in this order: how its lines and answers are cut from it. */
export const productFieldsOf = <T extends Partial<ProductRecord>, K extends keyof T>(
  product: T,
  fields: readonly K[],
): Pick<T, K> => Object.fromEntries(fields.map((field) => [field, product[field]])) as Pick<T, K>;
