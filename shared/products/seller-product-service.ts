import type { DomainError } from "../errors/domain-error.js";
import { type Refusal, refuse } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { isId, newId } from "../ids/ids.js";
import type { ImageStorage } from "../images/image-storage.js";
import { checkImage, type ImageUpload, imageKey, storeImage } from "../images/image-upload.js";
import { logger } from "../observability/logger.js";
import type { Clock } from "../time/clock.js";
import { dateTime } from "../time/formats.js";
import * as z from "../validation/zod-mini.js";
import {
  type CreateProductInput,
  createProductSchema,
  type ModerationStatus,
  type ProductRecord,
  productFieldsOf,
  type UpdateProductInput,
} from "./product.js";
import { contentFields, normalizeName } from "./product-fields.js";
import { type ProductListLine, productLineAttributes } from "./product-items.js";
import { PRODUCT_PAGE_DEFAULT, productListQuerySchema } from "./product-list-query.js";
import type { SellerProductStore } from "./product-repository.js";
import type { ProductWriteOutcome } from "./product-write-repository.js";
import { listFilterOf } from "./seller-lists.js";

/** GET /products query, as strings from the URL. */
export interface ProductListQuery {
  readonly page?: string;
  readonly limit?: string;
  readonly status?: string;
  readonly category?: string;
  readonly search?: string;
}

/** The fields of a new product a seller's create body sets, in the body's order. */
const createdFields = Object.keys(createProductSchema.shape) as (keyof CreateProductInput)[];

/**
 * What the seller's product info shows of the product as stored (beside its formatted creation time):
 * the spec's fields, then (an extension) the rest of what the seller wrote and the image, so a seller
 * (and the dashboard's edit form) sees the whole product without keeping a copy of it.
 */
const infoFields = [
  "id",
  "name",
  "price",
  "count",
  "discount",
  "uuid",
  "status_moderation",
  "id_categories",
  "meta_title",
  "meta_description",
  "tags",
  "text_page",
  "features",
  "api_url",
  "img",
] as const;

const STALE_RETRIES = 3;

const uniquenessError = (outcome: ProductWriteOutcome, uuidTaken: Refusal): DomainError | undefined => {
  if (outcome === "name_taken") return refuse(refusals.productNameTaken);
  if (outcome === "uuid_taken") return refuse(uuidTaken);
  if (outcome === "category_invalid") return refuse(refusals.invalidCategoryId);
  return undefined;
};

/** Product rules of Seller API v1 (the operator's decisions are `product-operator-service.ts`). */
export const createSellerProductService = (deps: {
  store: SellerProductStore;
  images: () => ImageStorage;
  now: Clock;
  log?: (message: string, details: Record<string, unknown>) => void;
}) => {
  const { now } = deps;
  const log = deps.log ?? ((message, details) => logger().warn(message, details));

  // A string that is not one of our ids names no product: answer without a database call.
  const find = (productId: string) =>
    isId(productId) ? deps.store.get(productId) : Promise.resolve(undefined);

  const owned = async (sellerId: number, productId: string) => {
    const product = await find(productId);
    return product && product.seller_id === sellerId ? product : undefined;
  };

  const removeQuietly = async (key: string) => {
    if (key === "") return;
    try {
      await deps.images().remove(key);
    } catch (error) {
      // A leftover object costs a little storage; failing the seller's request for it would cost more.
      log("Could not remove a replaced image", { key, error: String(error) });
    }
  };

  return {
    /** Creates a draft product; name and uuid are unique per seller, the category must be active. */
    async create(sellerId: number, input: CreateProductInput): Promise<{ id: string }> {
      const at = now().toISOString();
      const product: ProductRecord = {
        id: newId(),
        seller_id: sellerId,
        ...productFieldsOf(input, createdFields),
        name_key: normalizeName(input.name),
        discount: input.discount ?? 0,
        api_key: input.api_key ?? "",
        api_url: "",
        status_moderation: "draft",
        img: "",
        img_key: "",
        rating: 0,
        gift_available: 0,
        comment_status: 0,
        comment_regex: "",
        created_at: at,
        updated_at: at,
      };
      const outcome = await deps.store.create(product);
      const error = uniquenessError(outcome, refusals.productUuidTaken);
      if (error) throw error;
      if (outcome !== "ok") throw new Error(`Product create failed: ${outcome}`);
      return { id: product.id };
    },

    /** Updates the owner's product; a content field sends it back to moderation. */
    async update(
      sellerId: number,
      productId: string,
      input: UpdateProductInput,
    ): Promise<{ moderation: boolean }> {
      if (Object.keys(input).length === 0) throw refuse(refusals.noFieldsToUpdate);
      const moderation = contentFields.some((field) => input[field] !== undefined);
      if (!moderation && input.count === undefined) {
        // Nothing guarded, no stock delta and no move between the seller's lists: one conditional write,
        // no read first. A content change moves the product to `pending`, whose count needs the status it
        // leaves, so it reads first.
        if (!isId(productId)) throw refuse(refusals.productNotOwned);
        const outcome = await deps.store.updateInPlace(sellerId, productId, {
          ...input,
          updated_at: now().toISOString(),
        });
        if (outcome === "not_owned") throw refuse(refusals.productNotOwned);
        return { moderation };
      }
      for (let attempt = 0; attempt < STALE_RETRIES; attempt++) {
        const current = await owned(sellerId, productId);
        if (!current) throw refuse(refusals.productNotOwned);
        if (input.count !== undefined && current.key_stock === 1) throw refuse(refusals.countFollowsCodes);
        const changes: Partial<ProductRecord> = { ...input, updated_at: now().toISOString() };
        if (input.name !== undefined) changes.name_key = normalizeName(input.name);
        if (moderation) changes.status_moderation = "pending";
        // The seller states the stock they want now; applying it as a change from what we read keeps
        // any reservation made in between instead of overwriting it.
        const countDelta = input.count === undefined ? 0 : input.count - current.count;
        const outcome = await deps.store.update(current, changes, countDelta);
        if (outcome === "ok") return { moderation };
        const error = uniquenessError(outcome, refusals.uuidTaken);
        if (error) throw error;
        // "stale": the product changed between our read and write; read it again.
      }
      throw refuse(refusals.productChanged);
    },

    /** Deletes the owner's product for good, freeing its name and uuid. */
    async remove(sellerId: number, productId: string): Promise<void> {
      for (let attempt = 0; attempt < STALE_RETRIES; attempt++) {
        const product = await find(productId);
        if (!product) throw refuse(refusals.productNotFound);
        if (product.seller_id !== sellerId) throw refuse(refusals.deleteDenied);
        if (product.key_stock === 1 && (product.count > 0 || (product.key_reserved ?? 0) > 0))
          throw refuse(refusals.productHoldsCodes);
        if ((await deps.store.delete(product)) === "ok") {
          await removeQuietly(product.img_key);
          return;
        }
      }
      throw refuse(refusals.productChanged);
    },

    /** One of the owner's products in the spec's info shape. */
    async info(sellerId: number, productId: string) {
      const product = await find(productId);
      if (!product) throw refuse(refusals.productNotFound);
      if (product.seller_id !== sellerId) throw refuse(refusals.accessDenied);
      return {
        ...productFieldsOf(product, infoFields),
        created_at: dateTime(new Date(product.created_at)),
        ...(product.status_moderation === "rejected"
          ? { rejection_reason: product.rejection_reason ?? "" }
          : {}),
      };
    },

    /**
     * The owner's products, newest first, filtered and paged. Unknown filter values match nothing;
     * `search` matches names by word starts (see `matchesSearch`).
     */
    async list(sellerId: number, query: ProductListQuery) {
      // The route checks the query with the same schema; a caller of the service gets the same refusal.
      if (!z.safeParse(productListQuerySchema, query).success) throw refuse(refusals.invalidPagination);
      const page = Number(query.page ?? 1);
      const limit = Number(query.limit ?? PRODUCT_PAGE_DEFAULT);
      const offset = (page - 1) * limit;
      const listed = (p: ProductListLine) => productFieldsOf(p, productLineAttributes);
      const filter = listFilterOf(query);
      if (filter === undefined) {
        // Unfiltered (the common case): the count kept beside the account, and one page of the index.
        // The first page is read beside the count (it can never read more than `limit`); a later page
        // waits for the count, so a page past the end reads nothing instead of everything before it.
        const [total, first] = await Promise.all([
          deps.store.countBySeller(sellerId),
          offset === 0 ? deps.store.pageBySeller(sellerId, 0, limit) : undefined,
        ]);
        const products =
          first ?? (offset >= total ? [] : await deps.store.pageBySeller(sellerId, offset, limit));
        return { products: products.map(listed), pagination: { total, page, limit } };
      }
      if (filter === "nothing") return { products: [], pagination: { total: 0, page, limit } };
      // Status and category are lists of their own with kept counts; a search reads the name entries.
      const { total, products } = await deps.store.pageFiltered(sellerId, filter, offset, limit);
      return { products: products.map(listed), pagination: { total, page, limit } };
    },

    /** Operator: puts a seller's products written before the filtered lists existed into them. */
    async indexLists(sellerId: number) {
      return { seller_id: sellerId, ...(await deps.store.indexLists(sellerId)) };
    },

    /** Sends an owned product that has an image to moderation. */
    async submit(sellerId: number, productId: string): Promise<ModerationStatus> {
      if (!isId(productId)) throw refuse(refusals.productNotFound);
      const outcome = await deps.store.submit(productId, sellerId, now().toISOString());
      if (outcome === "stale") throw refuse(refusals.productChanged);
      if (outcome === "missing") throw refuse(refusals.productNotFound);
      if (outcome === "not_owner") throw refuse(refusals.accessDenied);
      if (outcome === "pending") throw refuse(refusals.alreadyUnderModeration);
      if (outcome === "no_image") throw refuse(refusals.moderationNeedsImage);
      return "pending";
    },

    /** Replaces an owned product's image and sends the product to moderation; returns the image URL. */
    async uploadImage(sellerId: number, productId: string, upload: ImageUpload | undefined): Promise<string> {
      const product = await owned(sellerId, productId);
      if (!product) throw refuse(refusals.productNotOwned);
      const format = checkImage(upload);
      const key = imageKey(`products/${productId}`, format.extension);
      const url = await storeImage(
        deps.images(),
        key,
        upload?.bytes ?? Buffer.alloc(0),
        format.contentType,
        log,
      );
      const linked = await deps.store.setImage(
        productId,
        sellerId,
        { url, key },
        now().toISOString(),
        product,
      );
      if (!linked || linked === "stale") {
        await removeQuietly(key);
        if (linked === "stale") throw refuse(refusals.productChanged);
        throw refuse(refusals.productNotOwned);
      }
      await removeQuietly(linked.previousKey);
      return url;
    },
  };
};

export type SellerProductService = ReturnType<typeof createSellerProductService>;
