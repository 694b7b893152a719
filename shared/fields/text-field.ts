import { hasControlCharacters, isWellFormedText } from "../text/control-characters.js";
import { containsMarkup } from "../text/markup-text.js";
import * as z from "../validation/zod-mini.js";

/** Rules for free text that people type and others read: products, comments, messages. */

/**
 * A trimmed text field. Each check aborts the rest once it fails, so a value that is already too long
 * is never scanned further, and the first message is the one that names the problem.
 */
export const textField = (
  field: string,
  options: { min?: number; max: number; multiLine?: boolean; lengthMessage?: string },
) =>
  z.string({ error: `Field '${field}' must be a string` }).check(
    z.trim(),
    z.minLength(1, { error: `Field '${field}' must not be empty`, abort: true }),
    z.minLength(options.min ?? 1, {
      error: options.lengthMessage ?? `Field '${field}' must be at least ${options.min} characters`,
      abort: true,
    }),
    z.maxLength(options.max, {
      error: options.lengthMessage ?? `Field '${field}' must be at most ${options.max} characters`,
      abort: true,
    }),
    z.refine((v) => isWellFormedText(v), {
      error: `Field '${field}' must be valid Unicode text`,
      abort: true,
    }),
    z.refine((v) => !hasControlCharacters(v, options.multiLine ?? false), {
      error: `Field '${field}' must not contain control characters`,
      abort: true,
    }),
    z.refine((v) => !containsMarkup(v), {
      error: `Field '${field}' must not contain HTML tags`,
      abort: true,
    }),
  );
