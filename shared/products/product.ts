import * as z from "zod";
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
    discount: productFields.discount.optional(),
    api_key: productFields.api_key.optional(),
  },
  bodyError,
);
export type CreateProductInput = z.infer<typeof createProductSchema>;

/** POST /products/update/{id} body: any subset; rating and status_moderation are not among them. */
export const updateProductSchema = z.strictObject(
  {
    id_categories: productFields.id_categories.optional(),
    name: productFields.name.optional(),
    meta_title: productFields.meta_title.optional(),
    meta_description: productFields.meta_description.optional(),
    tags: productFields.tags.optional(),
    text_page: productFields.text_page.optional(),
    price: productFields.price.optional(),
    count: productFields.count.optional(),
    uuid: productFields.uuid.optional(),
    features: productFields.features.optional(),
    discount: productFields.discount.optional(),
    api_key: productFields.api_key.optional(),
    api_url: productFields.api_url.optional(),
  },
  bodyError,
);
export type UpdateProductInput = z.infer<typeof updateProductSchema>;

/** A product as stored. */
export const productRecordSchema = z.object({
  id: z.string(),
  seller_id: z.number().int(),
  id_categories: z.number().int(),
  name: z.string(),
  name_key: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  tags: z.string(),
  text_page: z.string(),
  price: z.number().int(),
  count: z.number().int(),
  uuid: z.string(),
  features: z.string(),
  discount: z.number().int(),
  api_key: z.string(),
  api_url: z.string(),
  status_moderation: z.enum(moderationStatuses),
  rejection_reason: z.string().optional(),
  img: z.string(),
  img_key: z.string(),
  rating: z.number().int(),
  gift_available: z.number().int(),
  comment_status: z.number().int(),
  comment_regex: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * 1 once the product is in its seller's filtered lists (status and category indexes, name entries,
   * counts); absent on products written before those existed, until `ops product index-lists`.
   */
  lists_indexed: z.literal(1).optional(),
});
export type ProductRecord = z.infer<typeof productRecordSchema>;
