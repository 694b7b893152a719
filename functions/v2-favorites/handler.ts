import { pageQuerySchema } from "../../shared/catalogue/search-query.js";
import { favoriteBodySchema } from "../../shared/favorites/favorite.js";
import { createGroupHandler, defineAction } from "../../shared/http/group-handler.js";
import { callerId } from "../../shared/http/principal.js";
import { favoriteService } from "../../shared/runtime/catalogue.js";
import { tokenVerifier } from "../../shared/runtime/service-keys.js";

/** Reseller API v2: the caller's favorites, listed and changed. */
export const handler = createGroupHandler(
  "v2-favorites",
  {
    "GET /favorites": defineAction({
      query: pageQuerySchema,
      handle: async (request) => {
        const { items, meta } = await favoriteService().list(
          callerId(request),
          request.query.page,
          request.query.limit,
        );
        return { data: items, meta };
      },
    }),
    "POST /favorites": defineAction({
      body: favoriteBodySchema,
      handle: async (request) => ({
        data: await favoriteService().change(callerId(request), request.body),
      }),
    }),
  },
  tokenVerifier,
);
