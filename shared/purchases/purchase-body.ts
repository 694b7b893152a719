import { worded } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { MAX_CODES_PER_ORDER } from "../key-stock/key-code-item.js";
import { integerLiteral } from "../validation/integer-literal.js";
import { refusing } from "../validation/validate.js";
import * as z from "../validation/zod-mini.js";
import { MAX_COMMENT_LENGTH } from "./comment-rules.js";

/** Most units one purchase may take; keeps totals far inside safe integers (9,999,999 × 10,000). */
export const MAX_PURCHASE_QUANTITY = 10_000;

/** Longest product id a body may name; real ids are 26-character ULIDs. */
const MAX_PRODUCT_ID_LENGTH = 64;

const productId = z
  .string({ error: refusals.productIdNotString.message })
  .check(
    z.minLength(1, refusals.productIdRequired.message),
    z.maxLength(MAX_PRODUCT_ID_LENGTH, refusals.productIdTooLong.message),
    z.describe(
      "The product: its product_id from GET /search, GET /products/{seller_id} or GET /product/{product_id} (a 26-character ULID; 1-64 characters accepted, an unknown id is 404)",
    ),
  );

const commentTooLong = worded(refusals.commentTooLong, { max: MAX_COMMENT_LENGTH });

/**
 * The comment's length needs no product, so it is checked with the body (the documents show it as the
 * field's maxLength), under the same refusal the product's comment rules give (`invalid_comment`).
 * Characters are Unicode code points, as JSON Schema counts them; a value over twice the limit in UTF-16
 * units is too long without being walked.
 */
const buyerComment = z.string({ error: "comment must be a string" }).check(
  refusing<string>(
    commentTooLong,
    (value) => value.length <= 2 * MAX_COMMENT_LENGTH && [...value].length <= MAX_COMMENT_LENGTH,
  ),
  z.meta({ maxLength: MAX_COMMENT_LENGTH }),
);

/**
 * POST /buy body. The comment's other rules depend on the product and run after the product checks, in
 * the order the spec gives (see comment-rules.ts).
 */
export const buyBodySchema = z.strictObject(
  {
    product_id: productId,
    quantity: z
      .int({ error: "quantity must be a whole number" })
      .check(
        z.gte(1, refusals.quantityAtLeastOne.message),
        z.lte(MAX_PURCHASE_QUANTITY, `quantity must be at most ${MAX_PURCHASE_QUANTITY}`),
        z.describe(
          `Units to buy, 1-${MAX_PURCHASE_QUANTITY}; all must be in stock (409 insufficient_stock). A product that sells uploaded codes sells at most ${MAX_CODES_PER_ORDER} per order (422).`,
        ),
      ),
    comment: z.optional(
      z
        .nullable(buyerComment)
        .check(
          z.describe(
            `The buyer's note for the seller, at most ${MAX_COMMENT_LENGTH} characters (Unicode code points). Required (not blank) when the product's comment_status is 1 (422 comment_required); no < or > (422 invalid_comment) and no control characters, line breaks included; when the product has a comment_regex the whole value must match it (422 comment_regex_mismatch). Left out, null, empty or blank: no comment.`,
          ),
        ),
    ),
  },
  { error: refusals.notJsonObject.message },
);
export type BuyBody = z.infer<typeof buyBodySchema>;

const exactlyOne = (name: string) =>
  z.optional(
    integerLiteral([1], { error: refusals.giftQuantity.message({ name }) }).check(
      z.describe(`Units: a gift is one unit, so ${name} may be left out (1) or given only as 1`),
    ),
  );

/** POST /gift body: one unit; `quantity` and `count` may be given, and then only as 1. */
export const giftBodySchema = z.strictObject(
  { product_id: productId, quantity: exactlyOne("quantity"), count: exactlyOne("count") },
  { error: refusals.notJsonObject.message },
);
export type GiftBody = z.infer<typeof giftBodySchema>;
