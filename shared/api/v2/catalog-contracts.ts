import type { ProductSummary, PublicProduct } from "../../catalogue/public-product.js";
import { MAX_RESULT_WINDOW } from "../../catalogue/search-query.js";
import type { PublicComment } from "../../comments/comment.js";
import { worded } from "../../errors/refusal.js";
import * as refusals from "../../errors/refusals.js";
import * as z from "../../validation/zod-mini.js";
import { answering } from "../answer-schema.js";
import type { GroupContracts } from "../route-contract.js";
import { CATEGORY_ID, PRODUCT_ID, SELLER_ID, SELLER_NAME } from "./example-ids.js";
import { accountId, count, currency, described, id, instant, roubles, zeroOrOne } from "./field-schemas.js";
import { countedPageMeta } from "./page-meta.js";

const productSummaryShape = {
  id_product: id("The product's id"),
  product_id: id("The same id, under the name the spec's examples use"),
  title: described(z.string(), "The product's name (3-255 characters)"),
  name: described(z.string(), "The same as title, under the name the spec's examples use"),
  img: described(z.string(), "URL of the product's image (every public product has one)"),
  description: described(z.string(), "The product's short description (its SEO description)"),
  price: roubles("Price of one unit before the discount, 1-9999999"),
  discounted_price: roubles(
    "**Extension.** Price of one unit after the discount: what a purchase charges, and what min_price, max_price and the price sorts compare",
  ),
  currency,
  count: count("Units in stock now, 0 or more"),
  available: described(z.boolean(), "Whether any unit is in stock (count > 0)"),
  seller_id: accountId("The seller (GET /products/{seller_id})"),
  category_id: described(z.int(), "The product's category (never one whose id starts with 700)"),
  discount: count("Discount in percent, 0-99; 0 for none"),
  opt_price: described(z.string(), "Bulk prices; always empty (no bulk pricing yet)"),
  opt_count: described(z.string(), "Bulk quantities; always empty (no bulk pricing yet)"),
  h2h: zeroOrOne(
    "1: delivered automatically (H2H: the seller's webhook, or codes the seller uploaded); only those can be bought, 0 is 403 h2h_disabled",
  ),
};
const productSummary = answering<ProductSummary>()(z.strictObject(productSummaryShape));

const publicProductAnswer = answering<PublicProduct>()(
  z.strictObject({
    ...productSummaryShape,
    text_page: described(z.string(), "The product page's text (at least 10 characters)"),
    features: described(z.string(), "Comma-separated features, at least 3"),
    rating: described(
      z.int(),
      "The product's rating: the mean of its approved buyers' reviews (1-5), rounded half up; 0 without one",
    ),
    gift_available: zeroOrOne("1: may be bought as a gift (POST /gift); 0: not (409 gift_unavailable)"),
    comment_status: zeroOrOne("1: POST /buy requires a buyer comment; 0: a comment is optional"),
    comment_regex: described(
      z.string(),
      "A pattern the whole buyer comment must match (422 comment_regex_mismatch), or empty for none",
    ),
    seller: described(
      z.strictObject({
        id: accountId("The seller"),
        name: described(z.string(), "The seller's store name"),
        rating: described(
          z.int(),
          "The seller's rating: the mean of the approved reviews of all its products (1-5), rounded half up; 0 without one",
        ),
      }),
      "Who sells it",
    ),
    category: described(
      z.strictObject({
        id: described(z.int(), "The category's id"),
        name: described(z.string(), "The category's name"),
      }),
      "The product's category",
    ),
  }),
);

const productSummaryExample = {
  id_product: PRODUCT_ID,
  product_id: PRODUCT_ID,
  title: "Elden Ring Steam key",
  name: "Elden Ring Steam key",
  img: `http://127.0.0.1:4566/marketplace-images/products/${PRODUCT_ID}/5f0c2a9e4b7d18c3a6e9f2b05d8c1a47.png`,
  description: "Steam key for Elden Ring",
  price: 2500,
  discounted_price: 2250,
  currency: "RUB",
  count: 10,
  available: true,
  seller_id: SELLER_ID,
  category_id: CATEGORY_ID,
  discount: 10,
  opt_price: "",
  opt_count: "",
  h2h: 1,
};

const comment = answering<PublicComment>()(
  z.strictObject({
    rating: count("The buyer's rating, 1-5"),
    text: described(z.string(), "The comment's text (at most 1000 characters; line breaks kept)"),
    created_at: described(instant, "**Extension.** When it was added (ISO 8601, UTC)"),
    answer: z.optional(
      described(
        z.strictObject({
          text: described(z.string(), "The seller's answer (at most 1000 characters; line breaks kept)"),
          created_at: described(instant, "When the seller answered (ISO 8601, UTC)"),
        }),
        "**Extension.** The seller's one public answer to a buyer's review; absent when there is none",
      ),
    ),
  }),
);

/** The public catalogue: search, a seller's products, one product, its comments. */
export const v2CatalogContracts = {
  "GET /search": {
    summary: "Search public products",
    description:
      "Every parameter is optional and all given ones must match. `q` matches words of the title and description by prefix. Products of blocked categories (identifiers starting with 700) never appear. Sorts: newest (default), price (cheapest first), price_desc (extension), rating (extension: highest rated first by the mean of approved reviews, newest first among equals, unrated products last). page × limit may not exceed 10000.",
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
    description:
      "The products of one seller that the catalogue lists (approved, in a public category), in pages; an unknown seller answers 404.",
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
        text_page: "Global Steam activation key.",
        features: "global,instant,steam",
        rating: 0,
        gift_available: 1,
        comment_status: 0,
        comment_regex: "",
        seller: { id: SELLER_ID, name: SELLER_NAME, rating: 0 },
        category: { id: CATEGORY_ID, name: "Game keys" },
      },
    },
    errors: [refusals.blockedCategory, refusals.productNotFound],
  },

  "GET /comment/{product_id}": {
    summary: "A public product's moderated comments, newest first",
    description:
      "Only the comments a moderator approved, in pages: comments the operator added, and buyers' reviews the operator approved (an extension, with the seller's `answer` when it answered).",
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
