import * as refusals from "../errors/refusals.js";
import * as z from "../validation/zod-mini.js";

/*
 * What an operator's comment and a reseller's review share (#25): the rating's rule, the text's bound and
 * the seller's answer. A module of its own, so a function that checks a review's body does not bundle
 * the comments' stored shapes.
 */

/** A comment's or a review's rating: a whole number from 1 to 5. */
export const ratingSchema = z
  .int({ error: refusals.commentRating.message })
  .check(z.gte(1, refusals.commentRating.message), z.lte(5, refusals.commentRating.message));

/** The longest text of a comment, a review or the seller's answer to one. */
export const MAX_COMMENT_TEXT = 1000;

/** The seller's one public answer to a review, stored on the review and under its public comment. */
export const commentAnswerSchema = z.object({ text: z.string(), created_at: z.string() });
export type CommentAnswer = z.infer<typeof commentAnswerSchema>;
