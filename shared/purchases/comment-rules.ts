import { type Refusal, refuse, worded } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import type { ProductRecord } from "../products/product.js";
import { matchesWhole } from "../text/bounded-regex.js";
import { hasControlCharacters, isWellFormedText } from "../text/control-characters.js";

/** Longest buyer comment, in characters. */
export const MAX_COMMENT_LENGTH = 200;

/** A comment refusal, with the comment named in details as validation names a field. */
const commentRefusal = (refusal: Refusal) =>
  refuse(refusal, { details: { issues: [{ field: "comment", message: refusal.message }] } });

/**
 * The buyer's comment under the product's rules, in the spec's order: length, HTML/script/control
 * characters, required, then the seller's pattern over the whole value. Returns the comment to store
 * (exactly as sent), or undefined when there is none.
 */
export const checkedComment = (
  product: Pick<ProductRecord, "comment_status" | "comment_regex">,
  comment: string | null | undefined,
): string | undefined => {
  const given = comment ?? "";
  // POST /buy's body schema refuses a long comment first (purchase-body.ts); kept here so these rules
  // stand alone. A character is at most two UTF-16 units: a longer value is refused without walking it.
  if (given.length > 2 * MAX_COMMENT_LENGTH || [...given].length > MAX_COMMENT_LENGTH) {
    throw commentRefusal(worded(refusals.commentTooLong, { max: MAX_COMMENT_LENGTH }));
  }
  // Any angle bracket is refused: a comment has no use for markup, and no tag can be built without one.
  if (/[<>]/.test(given)) throw commentRefusal(refusals.commentMarkup);
  if (hasControlCharacters(given, false) || !isWellFormedText(given)) {
    throw commentRefusal(refusals.commentControlCharacters);
  }
  if (given.trim() === "") {
    if (product.comment_status === 1) {
      throw commentRefusal(refusals.commentRequired);
    }
    return undefined;
  }
  if (product.comment_regex !== "" && matchesWhole(product.comment_regex, given) !== true) {
    throw commentRefusal(refusals.commentRegexMismatch);
  }
  return given;
};
