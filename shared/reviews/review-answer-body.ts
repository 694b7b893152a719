import { MAX_COMMENT_TEXT } from "../comments/comment-fields.js";
import * as refusals from "../errors/refusals.js";
import { textField } from "../fields/text-field.js";
import * as z from "../validation/zod-mini.js";

/** The seller's answer body: POST /api/v1/reviews/{review_id}/answer. */
export const reviewAnswerBodySchema = z.strictObject(
  {
    // Described in its contract (shared/api/v1/reviews-contracts.ts): v1 bundles carry no words.
    text: textField("text", { max: MAX_COMMENT_TEXT, multiLine: true }),
  },
  { error: refusals.notJsonObject.message },
);
export type ReviewAnswerBody = z.infer<typeof reviewAnswerBodySchema>;
