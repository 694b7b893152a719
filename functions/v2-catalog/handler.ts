import { pageQuerySchema, searchQuerySchema } from "../../shared/catalogue/search-query.js";
import * as refusals from "../../shared/errors/refusals.js";
import { createGroupHandler, defineAction } from "../../shared/http/group-handler.js";
import { pathParameter } from "../../shared/http/principal.js";
import { catalogueService, commentService } from "../../shared/runtime/catalogue.js";
import { tokenVerifier } from "../../shared/runtime/service-keys.js";
import { validate } from "../../shared/validation/validate.js";
import * as z from "../../shared/validation/zod-mini.js";

const sellerIdSchema = z.strictObject({
  seller_id: z.pipe(
    z.string().check(z.regex(/^[1-9]\d{0,9}$/, refusals.sellerIdFormat.message)),
    z.transform(Number),
  ),
});

/** Reseller API v2: search, a seller's catalogue, one public product and its comments. */
export const handler = createGroupHandler(
  "v2-catalog",
  {
    "GET /search": defineAction({
      query: searchQuerySchema,
      handle: async (request) => {
        const { items, meta } = await catalogueService().search(request.query);
        return { data: items, meta };
      },
    }),
    "GET /products/{seller_id}": defineAction({
      query: pageQuerySchema,
      handle: async (request) => {
        const { seller_id } = validate(
          sellerIdSchema,
          { seller_id: pathParameter(request, "seller_id") },
          "Parameter",
        );
        const { items, meta } = await catalogueService().sellerProducts(
          seller_id,
          request.query.page,
          request.query.limit,
        );
        return { data: items, meta };
      },
    }),
    "GET /product/{product_id}": defineAction({
      handle: async (request) => ({
        data: await catalogueService().product(pathParameter(request, "product_id")),
      }),
    }),
    "GET /comment/{product_id}": defineAction({
      query: pageQuerySchema,
      handle: async (request) => {
        const { items, meta } = await commentService().list(
          pathParameter(request, "product_id"),
          request.query.page,
          request.query.limit,
        );
        return { data: items, meta };
      },
    }),
  },
  tokenVerifier,
);
