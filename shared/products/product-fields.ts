import { createHash } from "node:crypto";
import * as refusals from "../errors/refusals.js";
import { apiUrlField } from "../fields/api-url-field.js";
import { textField as text } from "../fields/text-field.js";
import { hasControlCharacters } from "../text/control-characters.js";
import { hasStrayInvisibleCharacters } from "../text/invisible-characters.js";
import { lookalikeKey } from "../text/lookalike-key.js";
import * as z from "../validation/zod-mini.js";

/**
 * Field rules of a product, shared by create and update. Every rule carries the message a seller
 * sees; a missing field is reported as `Field '<field>' is required` by the validator.
 */

const commaList = (field: string, minValues: number, max: number) =>
  text(field, { max }).check(
    z.refine(
      (v) =>
        v
          .split(",")
          .map((s) => s.trim())
          .filter((s) => s !== "").length >= minValues,
      {
        error: refusals.fieldTooFewValues.message({ field, min: minValues }),
      },
    ),
  );

const integer = (message: string, min: number, max: number) =>
  z.int({ error: message }).check(z.gte(min, message), z.lte(max, message));

/** Largest stock a product may hold; keeps counts far from float trouble and from typos. */
export const MAX_COUNT = 10_000_000;

export const productFields = {
  id_categories: z
    .int({ error: refusals.invalidCategoryId.message })
    .check(
      z.positive(refusals.invalidCategoryId.message),
      z.lte(2_147_483_647, refusals.invalidCategoryId.message),
    ),
  // Invisible characters are format controls to Unicode (category Cf), refused as the others are.
  name: text("name", { min: 3, max: 255, lengthMessage: refusals.productNameLength.message }).check(
    z.refine((v) => !hasStrayInvisibleCharacters(v), {
      error: refusals.fieldControlCharacters.message({ field: "name" }),
    }),
  ),
  meta_title: text("meta_title", { max: 255 }),
  meta_description: text("meta_description", { max: 1000, multiLine: true }),
  tags: commaList("tags", 1, 1000),
  text_page: text("text_page", { min: 10, max: 20_000, multiLine: true }),
  price: integer(refusals.invalidPrice.message, 1, 9_999_999),
  count: integer(refusals.invalidCount.message({ max: MAX_COUNT }), 0, MAX_COUNT),
  uuid: text("uuid", { max: 100 }),
  features: commaList("features", 3, 1000),
  discount: integer(refusals.invalidDiscount.message, 0, 99),
  // The product's own integration key and URL may be cleared with an empty string.
  api_key: z.string({ error: refusals.fieldNotString.message({ field: "api_key" }) }).check(
    z.trim(),
    z.maxLength(255, { error: refusals.fieldTooLong.message({ field: "api_key", max: 255 }), abort: true }),
    z.refine((v) => !hasControlCharacters(v, false), {
      error: refusals.fieldControlCharacters.message({ field: "api_key" }),
    }),
  ),
  api_url: apiUrlField,
};

/** Fields whose change sends a product back to moderation. */
export const contentFields = [
  "name",
  "meta_title",
  "meta_description",
  "tags",
  "text_page",
  "uuid",
  "features",
  "id_categories",
] as const;

/**
 * A folded name longer than this many UTF-8 bytes is keyed by its SHA-256: the key is part of a
 * partition key (at most 2,048 bytes), and NFKC can make one character of a name eighteen.
 */
const MAX_NAME_KEY_BYTES = 1024;

/**
 * The key a seller's product names are unique by: names a reader would take for one another share it
 * (`lookalikeKey`: NFKC, no invisible characters, one kind of space, trimmed, case-folded).
 */
export const normalizeName = (name: string): string => {
  const key = lookalikeKey(name);
  return Buffer.byteLength(key, "utf8") <= MAX_NAME_KEY_BYTES
    ? key
    : `sha256:${createHash("sha256").update(key, "utf8").digest("hex")}`;
};
