import { unprocessable } from "../errors/domain-error.js";
import type { ProductRecord } from "../products/product.js";
import { matchesWhole } from "../text/bounded-regex.js";
import { hasControlCharacters, isWellFormedText } from "../text/control-characters.js";

/** Longest buyer comment, in characters. */
export const MAX_COMMENT_LENGTH = 200;

/** A comment refusal, with the comment named in details as validation names a field. */
const commentRefusal = (code: string, message: string) =>
  unprocessable(message, code, { issues: [{ field: "comment", message }] });

const invalidComment = (message: string) => commentRefusal("invalid_comment", message);

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
  // A character is at most two UTF-16 units: a longer value is refused without walking it.
  if (given.length > 2 * MAX_COMMENT_LENGTH || [...given].length > MAX_COMMENT_LENGTH) {
    throw invalidComment(`Comment must be at most ${MAX_COMMENT_LENGTH} characters`);
  }
  // Any angle bracket is refused: a comment has no use for markup, and no tag can be built without one.
  if (/[<>]/.test(given)) throw invalidComment("Comment must not contain HTML or script");
  if (hasControlCharacters(given, false) || !isWellFormedText(given)) {
    throw invalidComment("Comment must not contain control characters");
  }
  if (given.trim() === "") {
    if (product.comment_status === 1) {
      throw commentRefusal("comment_required", "A comment is required for this product");
    }
    return undefined;
  }
  if (product.comment_regex !== "" && matchesWhole(product.comment_regex, given) !== true) {
    throw commentRefusal("comment_regex_mismatch", "Comment does not match the format the seller requires");
  }
  return given;
};
