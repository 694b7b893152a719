import { worded } from "../../errors/refusal.js";
import * as refusals from "../../errors/refusals.js";
import { FAVORITES_PER_ACCOUNT, type FavoriteItem, type FavoriteState } from "../../favorites/favorite.js";
import type { FavoritePage } from "../../favorites/favorite-service.js";
import * as z from "../../validation/zod-mini.js";
import { answering } from "../answer-schema.js";
import type { GroupContracts } from "../route-contract.js";
import { PRODUCT_ID } from "./example-ids.js";
import { described, id } from "./field-schemas.js";
import { pageMeta } from "./page-meta.js";

const favoriteItem = answering<FavoriteItem>()(
  z.strictObject({
    product_id: id("The product (GET /product/{product_id})"),
    name: described(z.string(), "The product's name now"),
  }),
);
const favoriteState = answering<FavoriteState>()(
  z.strictObject({
    product_id: described(z.string(), "The product_id the request named"),
    favorite: described(z.boolean(), "Whether the product is on the caller's list now"),
  }),
);
const favoriteMeta = answering<FavoritePage["meta"]>()(pageMeta);

/** The reseller's favorites: list them, add, remove or toggle one. */
export const v2FavoritesContracts = {
  "GET /favorites": {
    summary: "The caller's favorites whose product is public now",
    description:
      "By product id, oldest product first. Favorites of a product that is not listed now (hidden, rejected, its seller blocked, its category inactive) are kept but left out, and come back when it is listed again; favorites of a deleted product are removed. A favorite shows once the catalogue lists its product (about a second after approval).",
    success: {
      status: 200,
      data: z.array(favoriteItem),
      example: [{ product_id: PRODUCT_ID, name: "Elden Ring Steam key" }],
      meta: favoriteMeta,
      metaExample: { page: 1, limit: 20 },
    },
    errors: [],
  },

  "POST /favorites": {
    summary: "Add, remove or toggle a favorite",
    description: `add and remove are idempotent; toggle flips. Adding or toggling needs a public product and room: each reseller holds at most ${FAVORITES_PER_ACCOUNT} favorites (an add of one already there is still 200). Removing needs neither, so a favorite of a product since hidden can always be dropped.`,
    requestExample: { product_id: PRODUCT_ID, action: "add" },
    success: { status: 200, data: favoriteState, example: { product_id: PRODUCT_ID, favorite: true } },
    errors: [
      refusals.blockedCategory,
      refusals.productNotFound,
      refusals.favoriteConflict,
      worded(refusals.favoritesFull, { max: FAVORITES_PER_ACCOUNT }),
      refusals.favoriteAction,
    ],
  },
} satisfies GroupContracts<"v2-favorites">;
