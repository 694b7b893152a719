import * as z from "../validation/zod-mini.js";
import { productFields } from "./product-fields.js";

/** Moderation states; only `approved` products are public. */
export const moderationStatuses = ["draft", "pending", "approved", "rejected"] as const;
export type ModerationStatus = (typeof moderationStatuses)[number];

const bodyError = { error: "Request body must be a JSON object" };

/** POST /products body. */
export const createProductSchema = z.strictObject(
  {
    id_categories: productFields.id_categories,
    name: productFields.name,
    meta_title: productFields.meta_title,
    meta_description: productFields.meta_description,
    tags: productFields.tags,
    text_page: productFields.text_page,
    price: productFields.price,
    count: productFields.count,
    uuid: productFields.uuid,
    features: productFields.features,
    discount: z.optional(productFields.discount),
    api_key: z.optional(productFields.api_key),
  },
  bodyError,
);
export type CreateProductInput = z.infer<typeof createProductSchema>;

/** POST /products/update/{id} body: any subset; rating and status_moderation are not among them. */
export const updateProductSchema = z.strictObject(
  {
    id_categories: z.optional(productFields.id_categories),
    name: z.optional(productFields.name),
    meta_title: z.optional(productFields.meta_title),
    meta_description: z.optional(productFields.meta_description),
    tags: z.optional(productFields.tags),
    text_page: z.optional(productFields.text_page),
    price: z.optional(productFields.price),
    count: z.optional(productFields.count),
    uuid: z.optional(productFields.uuid),
    features: z.optional(productFields.features),
    discount: z.optional(productFields.discount),
    api_key: z.optional(productFields.api_key),
    api_url: z.optional(productFields.api_url),
  },
  bodyError,
);
export type UpdateProductInput = z.infer<typeof updateProductSchema>;

/** A product as stored. */
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
  rating: z.number().check(z.int()),
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
});
export type ProductRecord = z.infer<typeof productRecordSchema>;
