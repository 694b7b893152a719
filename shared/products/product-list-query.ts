import * as refusals from "../errors/refusals.js";
import * as z from "../validation/zod-mini.js";

/** Products a page of GET /products holds at most, and when no limit is given (the service's default). */
export const PRODUCT_PAGE_MAX = 100;
export const PRODUCT_PAGE_DEFAULT = 20;

/**
 * A page number or size as the query carries it: at most `digits` digits, from 1 to `max`, refused
 * otherwise with the spec's one message. The value stays a string (the service reads the query as sent
 * and fills in the defaults); the documents show it as the integer it is, with its bounds.
 */
const pageNumber = (digits: number, max: number) =>
  z.string().check(
    z.regex(new RegExp(`^\\d{1,${digits}}$`), refusals.invalidPagination.message),
    z.refine((value) => Number(value) >= 1 && Number(value) <= max, refusals.invalidPagination.message),
  );

/**
 * GET /products query (all optional, unknown parameters ignored): the page and its size, checked here,
 * and the filters, which refuse nothing: a value that can match no product answers an empty page
 * (`listFilterOf`).
 */
export const productListQuerySchema = z.object({
  page: z.optional(pageNumber(9, 999_999_999)),
  limit: z.optional(pageNumber(3, PRODUCT_PAGE_MAX)),
  status: z.optional(z.string()),
  category: z.optional(z.string()),
  search: z.optional(z.string()),
});
