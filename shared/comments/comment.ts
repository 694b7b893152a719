import { textField } from "../fields/text-field.js";
import * as z from "../validation/zod-mini.js";
import { type CommentAnswer, commentAnswerSchema, MAX_COMMENT_TEXT, ratingSchema } from "./comment-fields.js";

/** A comment as stored. */
export const commentRecordSchema = z.object({
  comment_id: z.string(),
  product_id: z.string(),
  rating: z.number().check(z.int()),
  text: z.string(),
  created_at: z.string(),
  /**
   * The seller's public answer: only on an approved review's comment that has one (#25); an operator's
   * comment never has one.
   */
  answer: z.optional(commentAnswerSchema),
});
export type CommentRecord = z.infer<typeof commentRecordSchema>;

/** The operator's `comment add`: comments are moderated by being added by an operator. */
export const newCommentInputSchema = z.object({
  product_id: z.string(),
  rating: ratingSchema,
  // The text follows the rules of a product's description: no HTML, no control characters but line breaks.
  text: textField("text", { max: MAX_COMMENT_TEXT, multiLine: true }),
});
export type NewCommentInput = z.infer<typeof newCommentInputSchema>;

/** A comment as GET /comment/{product_id} shows it; `answer` only where the seller answered. */
export interface PublicComment {
  readonly rating: number;
  readonly text: string;
  readonly created_at: string;
  readonly answer?: CommentAnswer;
}

/** The public view of a stored comment: exactly the spec's fields and `created_at`, and `answer` only when there is one. */
export const publicComment = ({ rating, text, created_at, answer }: CommentRecord): PublicComment =>
  answer
    ? { rating, text, created_at, answer: { text: answer.text, created_at: answer.created_at } }
    : { rating, text, created_at };
