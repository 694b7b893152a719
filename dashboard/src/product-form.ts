/** The moderation states of a product, as GET /api/v1/products filters by them. */
export const MODERATION_STATES = ["draft", "pending", "approved", "rejected"] as const;

import type { FieldKind } from "./components/form-field.js";

/** A field of the product form, as POST /api/v1/products and /products/update/{id} name it. */
export interface ProductFormField {
  readonly name: ProductFieldName;
  readonly label: string;
  readonly rule: string;
  readonly kind: FieldKind;
  /** Whether creating a product needs it (the spec's create rules). */
  readonly required: boolean;
  /** Whether changing it sends an approved product back to moderation (the spec's update rules). */
  readonly moderated: boolean;
}

export type ProductFieldName =
  | "id_categories"
  | "name"
  | "meta_title"
  | "meta_description"
  | "tags"
  | "text_page"
  | "price"
  | "count"
  | "discount"
  | "uuid"
  | "features"
  | "api_url";

/** The fields in the order a seller fills them in, with the spec's rule of each. */
export const PRODUCT_FIELDS: readonly ProductFormField[] = [
  {
    name: "name",
    label: "Name",
    rule: "3 to 255 characters; unique among your products.",
    kind: "text",
    required: true,
    moderated: true,
  },
  {
    name: "id_categories",
    label: "Category",
    rule: "One of the marketplace's categories.",
    kind: "text",
    required: true,
    moderated: true,
  },
  {
    name: "price",
    label: "Price (RUB)",
    rule: "A whole number of roubles from 1 to 9,999,999.",
    kind: "number",
    required: true,
    moderated: false,
  },
  {
    name: "count",
    label: "Stock",
    rule: "Units in stock: a whole number, not negative. Leave 0 if you will upload codes: they set it.",
    kind: "number",
    required: true,
    moderated: false,
  },
  {
    name: "discount",
    label: "Discount (%)",
    rule: "Optional: a whole percentage from 0 to 99.",
    kind: "number",
    required: false,
    moderated: false,
  },
  {
    name: "uuid",
    label: "External id (uuid)",
    rule: "Your own identifier of the product; unique among your products.",
    kind: "text",
    required: true,
    moderated: true,
  },
  {
    name: "text_page",
    label: "Description",
    rule: "The full description buyers read: at least 10 characters.",
    kind: "textarea",
    required: true,
    moderated: true,
  },
  {
    name: "features",
    label: "Features",
    rule: "At least 3 values, separated by commas.",
    kind: "text",
    required: true,
    moderated: true,
  },
  {
    name: "tags",
    label: "Tags",
    rule: "At least one value; separate several by commas.",
    kind: "text",
    required: true,
    moderated: true,
  },
  {
    name: "meta_title",
    label: "SEO title",
    rule: "The title search engines show; up to 255 characters.",
    kind: "text",
    required: true,
    moderated: true,
  },
  {
    name: "meta_description",
    label: "SEO description",
    rule: "The description search engines show; up to 1,000 characters.",
    kind: "textarea",
    required: true,
    moderated: true,
  },
  {
    name: "api_url",
    label: "Product API URL",
    rule: "Optional: an https URL of your own integration; empty for none.",
    kind: "url",
    required: false,
    moderated: false,
  },
];

/** The fields of a new product (api_url is set by editing, as the spec's create input has no such field). */
export const CREATE_FIELDS = PRODUCT_FIELDS.filter((field) => field.name !== "api_url");

/** What a product form holds: every field as typed. */
export type ProductDraft = Record<ProductFieldName, string>;

/** The fields the API takes as whole numbers. */
export const NUMERIC_FIELDS = ["id_categories", "price", "count", "discount"] as const;
type NumericField = (typeof NUMERIC_FIELDS)[number];
const isNumeric = (name: ProductFieldName): name is NumericField =>
  (NUMERIC_FIELDS as readonly string[]).includes(name);

/** A product body as the API takes it: numbers for the numeric fields, text for the others. */
export type ProductBody = { [K in ProductFieldName]?: K extends NumericField ? number : string };

/**
 * The named fields of the form as the API takes them. A numeric field that is not a number is sent as
 * null (JSON's NaN) and an empty one as 0: the API's own rule refuses either, and the form shows its
 * words beside the field, so the page never has rules of its own to drift from the API's.
 */
export const bodyOf = (draft: ProductDraft, names: readonly ProductFieldName[]): ProductBody => {
  const body: Record<string, string | number> = {};
  for (const name of names) body[name] = isNumeric(name) ? Number(draft[name].trim()) : draft[name];
  return body as ProductBody;
};

/** An empty form, the category preset to the first one offered. */
export const emptyDraft = (): ProductDraft => ({
  id_categories: "",
  name: "",
  meta_title: "",
  meta_description: "",
  tags: "",
  text_page: "",
  price: "",
  count: "0",
  discount: "",
  uuid: "",
  features: "",
  api_url: "",
});
