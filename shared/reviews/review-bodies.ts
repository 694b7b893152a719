import { MAX_COMMENT_TEXT, ratingSchema } from "../comments/comment-fields.js";
import * as refusals from "../errors/refusals.js";
import { textField } from "../fields/text-field.js";
import * as z from "../validation/zod-mini.js";

/* The bodies of the reseller's review routes (v2), described where they are declared, as v2's are. */

/** A review's rating and text: the rules of the operator's comments, and of every other text people type. */
const rating = ratingSchema.check(z.describe("The rating, a whole number from 1 to 5"));
const text = textField("text", { max: MAX_COMMENT_TEXT, multiLine: true }).check(
  z.describe(
    `The review's text: 1-${MAX_COMMENT_TEXT} characters after trimming, line breaks kept, no HTML tags or other control characters`,
  ),
);

/** POST /api/v2/reviews body. */
export const newReviewBodySchema = z.strictObject(
  {
    order_id: z
      .string({ error: refusals.fieldNotString.message({ field: "order_id" }) })
      .check(
        z.minLength(1, refusals.fieldEmpty.message({ field: "order_id" })),
        z.maxLength(64, refusals.fieldTooLong.message({ field: "order_id", max: 64 })),
        z.describe(
          "One of the caller's delivered orders (its order_id from POST /buy or GET /history): the review is of its product",
        ),
      ),
    rating,
    text,
  },
  { error: refusals.notJsonObject.message },
);
export type NewReviewBody = z.infer<typeof newReviewBodySchema>;

/** PUT /api/v2/reviews/{product_id} body: rating, text or both. */
export const reviewEditBodySchema = z
  .strictObject(
    { rating: z.optional(rating), text: z.optional(text) },
    { error: refusals.notJsonObject.message },
  )
  .check(
    z.refine((body) => body.rating !== undefined || body.text !== undefined, {
      error: refusals.reviewEditEmpty.message,
    }),
  );
export type ReviewEditBody = z.infer<typeof reviewEditBodySchema>;
