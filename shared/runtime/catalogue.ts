import { createAccountStandingRepository } from "../accounts/account-standing-repository.js";
import { createProductStreamConsumer } from "../aws/product-stream-consumer.js";
import { createCatalogueIndexer } from "../catalogue/catalogue-indexer.js";
import { createCatalogueService } from "../catalogue/catalogue-service.js";
import { createCommentRepository } from "../comments/comment-repository.js";
import { createCommentService } from "../comments/comment-service.js";
import { FAVORITES_PER_ACCOUNT } from "../favorites/favorite.js";
import { createFavoriteFollower } from "../favorites/favorite-follower.js";
import { createFavoriteRepository } from "../favorites/favorite-repository.js";
import { createFavoriteService } from "../favorites/favorite-service.js";
import { systemClock } from "../time/clock.js";
import { accountStore } from "./account-store.js";
import { catalogueStore } from "./catalogue-store.js";
import { categoryStore } from "./category-store.js";
import { productStore } from "./product-store.js";
import { clockAndRandomness, tableClient, tableName } from "./table.js";

/** Keeps the catalogue, and the favorites of each product, in step with products (fed by the table's stream). */
export const catalogueIndexer = () =>
  createCatalogueIndexer({
    products: productStore(),
    categories: categoryStore(),
    accounts: accountStore(),
    sellers: createAccountStandingRepository(tableClient(), tableName()),
    catalogue: catalogueStore(),
    followers: [createFavoriteFollower({ store: createFavoriteRepository(tableClient(), tableName()) })],
  });

let catalogueConsumer: ReturnType<typeof createProductStreamConsumer> | undefined;
/** The table's stream → the catalogue indexer, once per changed product. */
export const catalogueStreamConsumer = () => {
  catalogueConsumer ??= createProductStreamConsumer((productId) => catalogueIndexer().sync(productId));
  return catalogueConsumer;
};

/** The read side of Reseller API v2: search, a seller's catalogue, one public product. */
export const catalogueService = () =>
  createCatalogueService({
    catalogue: catalogueStore(),
    products: productStore(),
    accounts: accountStore(),
    categories: categoryStore(),
  });

/** Product comments. */
export const commentService = () =>
  createCommentService({
    comments: createCommentRepository(tableClient(), tableName()),
    catalogue: catalogueService(),
    ...clockAndRandomness,
  });

/** A reseller's favorites. */
export const favoriteService = () =>
  createFavoriteService({
    favorites: createFavoriteRepository(tableClient(), tableName()),
    catalogue: catalogueService(),
    products: productStore(),
    categories: categoryStore(),
    sellers: accountStore(),
    cap: FAVORITES_PER_ACCOUNT,
    now: systemClock,
  });
