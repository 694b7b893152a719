import type { ProductSummary, PublicProduct } from "../../catalogue/public-product.js";
import { MAX_RESULT_WINDOW } from "../../catalogue/search-query.js";
import type { PublicComment } from "../../comments/comment.js";
import { worded } from "../../errors/refusal.js";
import * as refusals from "../../errors/refusals.js";
import * as z from "../../validation/zod-mini.js";
import { answering } from "../answer-schema.js";
import type { GroupContracts } from "../route-contract.js";
import { CATEGORY_ID, PRODUCT_ID, SELLER_ID } from "./example-ids.js";
import { count, described, id, instant, zeroOrOne } from "./field-schemas.js";
import { countedPageMeta } from "./page-meta.js";

const productSummaryShape = {
  id_product: id("The product's id"),
  product_id: id("The same id, under the name the spec's examples use"),
  title: z.string(),
  name: described(z.string(), "The same as title, under the name the spec's examples use"),
  img: described(z.string(), "URL of the product's image"),
  description: z.string(),
  price: count("Price of one unit before the discount, in roubles"),
  discounted_price: count("**Extension.** Price of one unit after the discount: what a purchase charges"),
  currency: z.literal("RUB"),
  count: count("Units in stock"),
  available: described(z.boolean(), "Whether any unit is in stock"),
  seller_id: z.int(),
  category_id: z.int(),
  discount: count("Discount in percent, 0-99"),
  opt_price: described(z.string(), "Bulk prices; empty (no bulk pricing yet)"),
  opt_count: described(z.string(), "Bulk quantities; empty (no bulk pricing yet)"),
  h2h: zeroOrOne("1: delivered automatically through the seller's webhook (H2H); only those can be bought"),
};
const productSummary = answering<ProductSummary>()(z.strictObject(productSummaryShape));

const publicProductAnswer = answering<PublicProduct>()(
  z.strictObject({
    ...productSummaryShape,
    text_page: described(z.string(), "The product page's text"),
    features: described(z.string(), "Comma-separated features"),
    rating: z.int(),
    gift_available: zeroOrOne("1: may be bought as a gift (POST /gift)"),
    comment_status: zeroOrOne("1: POST /buy requires a buyer comment"),
    comment_regex: described(
      z.string(),
      "A pattern the whole buyer comment must match, or empty for none (422 comment_regex_mismatch)",
    ),
    seller: z.strictObject({ id: z.int(), name: z.string(), rating: z.int() }),
    category: z.strictObject({ id: z.int(), name: z.string() }),
  }),
);

const productSummaryExample = {
  id_product: PRODUCT_ID,
  product_id: PRODUCT_ID,
  title: "Elden Ring Steam key",
  name: "Elden Ring Steam key",
  img: `https://images.example.com/products/${PRODUCT_ID}/5f0c2a9e.webp`,
  description: "Steam key for Elden Ring",
  price: 2999,
  discounted_price: 2550,
  currency: "RUB",
  count: 4,
  available: true,
  seller_id: SELLER_ID,
  category_id: CATEGORY_ID,
  discount: 15,
  opt_price: "",
  opt_count: "",
  h2h: 1,
};

const comment = answering<PublicComment>()(
  z.strictObject({
    rating: count("1 to 5"),
    text: z.string(),
    created_at: described(instant, "**Extension.** When it was added (ISO 8601, UTC)"),
  }),
);

/** The public catalogue: search, a seller's products, one product, its comments. */
export const v2CatalogContracts = {
  "GET /search": {
    summary: "Search public products",
    description:
      "Every parameter is optional and all given ones must match. `q` matches words of the title and description by prefix. Products of blocked categories (identifiers starting with 700) never appear. Sorts: newest (default), price (cheapest first), price_desc (extension). page × limit may not exceed 10000.",
    success: {
      status: 200,
      data: z.array(productSummary),
      example: [productSummaryExample],
      meta: countedPageMeta,
      metaExample: { page: 1, limit: 20, total: 1 },
    },
    errors: [
      refusals.blockedCategory,
      refusals.priceRange,
      worded(refusals.searchWindow, { max: MAX_RESULT_WINDOW }),
    ],
  },

  "GET /products/{seller_id}": {
    summary: "A seller's public products, newest first",
    pathParameters: { seller_id: "The seller's account id (a positive whole number)" },
    success: {
      status: 200,
      data: z.array(productSummary),
      example: [productSummaryExample],
      meta: countedPageMeta,
      metaExample: { page: 1, limit: 20, total: 1 },
    },
    errors: [
      refusals.sellerNotFound,
      refusals.sellerIdFormat,
      worded(refusals.pageWindow, { max: MAX_RESULT_WINDOW }),
    ],
  },

  "GET /product/{product_id}": {
    summary: "One public product in full",
    description:
      "The summary's fields plus the page text, the purchase rules (gift_available, comment_status, comment_regex) and the seller and category. A product that is not approved, not in an active category or of a blocked seller is 404; one of a blocked category 403.",
    pathParameters: { product_id: "The product's id" },
    success: {
      status: 200,
      data: publicProductAnswer,
      example: {
        ...productSummaryExample,
        text_page: "Global Steam activation key. Delivered within a minute of payment.",
        features: "global,instant,steam",
        rating: 5,
        gift_available: 1,
        comment_status: 0,
        comment_regex: "",
        seller: { id: SELLER_ID, name: "Key Corner", rating: 5 },
        category: { id: CATEGORY_ID, name: "Games" },
      },
    },
    errors: [refusals.blockedCategory, refusals.productNotFound],
  },

  "GET /comment/{product_id}": {
    summary: "A public product's moderated comments, newest first",
    pathParameters: { product_id: "The product's id" },
    success: {
      status: 200,
      data: z.array(comment),
      example: [
        { rating: 5, text: "Key arrived in a minute, works.", created_at: "2026-11-20T18:02:44.120Z" },
      ],
      meta: countedPageMeta,
      metaExample: { page: 1, limit: 20, total: 1 },
    },
    errors: [
      refusals.blockedCategory,
      refusals.productNotFound,
      worded(refusals.pageWindow, { max: MAX_RESULT_WINDOW }),
    ],
  },
} satisfies GroupContracts<"v2-catalog">;
