import * as refusals from "../errors/refusals.js";
import { apiUrlField } from "../fields/api-url-field.js";
import { hasControlCharacters, isWellFormedText } from "../text/control-characters.js";
import { stripMarkupOnce } from "../text/markup-text.js";
import * as z from "../validation/zod-mini.js";

/** Characters a store name may not contain: markup, quoting and template delimiters. */
const DANGEROUS_NAME_CHARACTERS = /[<>"'`;&{}]/;

/** Rounds of stripping allowed; input needing more is refused rather than stored half-cleaned. */
const MAX_SANITIZE_ROUNDS = 20;

/** Raised when a description is still changing after the last round. */
export class UncleanableMarkupError extends Error {}

/**
 * Strips every HTML tag (and the content of script and style elements), leaving plain text. Repeats
 * until nothing changes, so text that was entity-encoded markup cannot turn back into a tag; markup
 * nested deeper than the rounds allow is refused, never stored.
 */
export const sanitizeDescription = (value: string): string => {
  let current = value;
  for (let round = 0; round < MAX_SANITIZE_ROUNDS; round++) {
    const next = stripMarkupOnce(current);
    if (next === current) return current.trim();
    current = next;
  }
  throw new UncleanableMarkupError("Description contains too much nested markup");
};

/**
 * The sanitised description, or a zod issue when it cannot be cleaned: the issue classic zod's
 * `ctx.addIssue({ code: "custom", message })` raised in a transform (mini's transform has no addIssue).
 */
const sanitizeOrFail = (value: string, context: z.core.ParsePayload): string => {
  try {
    return sanitizeDescription(value);
  } catch (error) {
    if (!(error instanceof UncleanableMarkupError)) throw error;
    context.issues.push({ code: "custom", message: error.message, input: value });
    return z.NEVER;
  }
};

/** POST /seller/profile body: all optional, nothing unknown, nothing restricted. */
export const profileUpdateSchema = z.strictObject(
  {
    name: z.optional(
      z.string({ error: refusals.sellerNameLength.message }).check(
        z.trim(),
        z.minLength(3, { error: refusals.sellerNameLength.message, abort: true }),
        z.maxLength(100, { error: refusals.sellerNameLength.message, abort: true }),
        z.refine((v) => isWellFormedText(v) && !hasControlCharacters(v, false), {
          error: refusals.sellerNameControlCharacters.message,
          abort: true,
        }),
        z.refine((v) => !DANGEROUS_NAME_CHARACTERS.test(v), {
          error: refusals.sellerNameSymbols.message,
        }),
      ),
    ),
    description: z.optional(
      z.pipe(
        z.pipe(
          z
            .string({ error: refusals.descriptionTooShort.message })
            // Markup may make the raw text longer than the cleaned one, but not without bound.
            .check(z.maxLength(10_000, { error: refusals.descriptionTooLong.message, abort: true })),
          z.transform(sanitizeOrFail),
        ),
        z.string().check(
          z.minLength(10, { error: refusals.descriptionTooShort.message, abort: true }),
          z.maxLength(1000, { error: refusals.descriptionTooLong.message, abort: true }),
          z.refine((v) => isWellFormedText(v) && !hasControlCharacters(v, true), {
            error: refusals.descriptionControlCharacters.message,
          }),
        ),
      ),
    ),
    api_url: z.optional(apiUrlField),
  },
  { error: refusals.invalidJson.message },
);
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
