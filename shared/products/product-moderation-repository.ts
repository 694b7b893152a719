import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { createModerationMove } from "./moderation-move-repository.js";
import type { ProductRecord } from "./product.js";
import { readProduct } from "./product-read-repository.js";
import type { SellerCounts } from "./seller-counts-repository.js";

/** A seller's side of moderation: the submission and the image (the operator's is `product-decision-repository.ts`). */
export interface ProductModeration {
  /** Sends an owned product with an image to moderation; tells why not otherwise. */
  submit(
    productId: string,
    sellerId: number,
    at: string,
  ): Promise<"ok" | "missing" | "not_owner" | "pending" | "no_image" | "stale">;
  /**
   * Links a new image and sends the product to moderation; returns the replaced image's key. `seen`, the
   * product as the caller read it, saves the first read (a stale one only costs a retry).
   */
  setImage(
    productId: string,
    sellerId: number,
    image: { url: string; key: string },
    at: string,
    seen?: ProductRecord,
  ): Promise<{ previousKey: string } | undefined | "stale">;
}

/** The DynamoDB implementation of ProductModeration. */
export const createProductModeration = (
  client: DynamoDBDocumentClient,
  tableName: string,
  { withCounts }: Pick<SellerCounts, "withCounts">,
): ProductModeration => {
  const getProduct = (productId: string, consistent: boolean) =>
    readProduct(client, tableName, productId, consistent);

  const moderate = createModerationMove(client, tableName);

  return {
    async submit(productId, sellerId, at) {
      return withCounts(sellerId, async () => {
        const current = await getProduct(productId, true);
        if (!current) return "missing";
        if (current.seller_id !== sellerId) return "not_owner";
        if (current.status_moderation === "pending") return "pending";
        if (current.img_key === "") return "no_image";
        return moderate(
          current,
          { status_moderation: "pending", updated_at: at },
          { condition: "img_key <> :none", values: { ":none": "" }, remove: "rejection_reason" },
        );
      });
    },

    async setImage(productId, sellerId, image, at, seen) {
      let given = seen;
      return withCounts(sellerId, async () => {
        const current = given ?? (await getProduct(productId, true));
        given = undefined;
        if (!current || current.seller_id !== sellerId) return undefined;
        const outcome = await moderate(
          current,
          { img: image.url, img_key: image.key, status_moderation: "pending", updated_at: at },
          // The replaced image is the one read: if another upload replaced it meanwhile, start over.
          {
            condition: "img_key = :previousKey",
            values: { ":previousKey": current.img_key },
            remove: "rejection_reason",
          },
        );
        return outcome === "ok" ? { previousKey: current.img_key } : outcome;
      });
    },
  };
};
