import * as refusals from "../errors/refusals.js";
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
  z.string({ error: refusals.fieldNotString.message({ field }) }).check(
    z.trim(),
    z.minLength(1, { error: refusals.fieldEmpty.message({ field }), abort: true }),
    z.minLength(options.min ?? 1, {
      error: options.lengthMessage ?? refusals.fieldTooShort.message({ field, min: options.min ?? 1 }),
      abort: true,
    }),
    z.maxLength(options.max, {
      error: options.lengthMessage ?? refusals.fieldTooLong.message({ field, max: options.max }),
      abort: true,
    }),
    z.refine((v) => isWellFormedText(v), {
      error: refusals.fieldNotUnicode.message({ field }),
      abort: true,
    }),
    z.refine((v) => !hasControlCharacters(v, options.multiLine ?? false), {
      error: refusals.fieldControlCharacters.message({ field }),
      abort: true,
    }),
    z.refine((v) => !containsMarkup(v), {
      error: refusals.fieldMarkup.message({ field }),
      abort: true,
    }),
  );
