import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import { type DynamoDBDocumentClient, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { setExpression } from "../data/set-expression.js";
import type { TransactItem } from "../data/transactions.js";
import { labelledWrite } from "./labelled-write-repository.js";
import { type ProductRecord, productRecordSchema } from "./product.js";
import type { ProductFlags } from "./product-flags.js";
import { productTableItem } from "./product-items.js";
import { readProduct } from "./product-read-repository.js";
import type { SellerCounts } from "./seller-counts-repository.js";
import { listingMove, moveClauses, moveItems } from "./seller-list-upkeep.js";

/** The moderation of products: a seller's submission and image, the operator's decision and flags. */
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
  /** The operator's decision on a pending product. */
  decide(
    productId: string,
    decision: { status: "approved" } | { status: "rejected"; reason: string },
    at: string,
  ): Promise<"ok" | "missing" | "not_pending" | "no_image" | "stale">;
  setFlags(
    productId: string,
    flags: Partial<Pick<ProductRecord, keyof ProductFlags>>,
    at: string,
  ): Promise<ProductRecord | undefined>;
}

/** The DynamoDB implementation of ProductModeration. */
export const createProductModeration = (
  client: DynamoDBDocumentClient,
  tableName: string,
  { readCounts, withCounts }: SellerCounts,
): ProductModeration => {
  const getProduct = (productId: string, consistent: boolean) =>
    readProduct(client, tableName, productId, consistent);

  /**
   * Moves a product read just before to `changes` with the status set by a moderation step, on condition
   * that it is still listed as read plus `condition`; `remove` lists attributes to drop.
   */
  const moderate = (
    current: ProductRecord,
    changes: Partial<ProductRecord>,
    extra: { condition?: string; values?: Record<string, unknown>; remove?: string } = {},
  ) => {
    const move = listingMove(current, { ...current, ...changes });
    const set = setExpression(changes);
    const clauses = moveClauses(current, move);
    // A move is conditioned on the listing as read; a write that moves nothing still sets the status, so it
    // must find the status it read.
    const listed = clauses.condition || "status_moderation = :listedStatus";
    const update: TransactItem = {
      Update: {
        TableName: tableName,
        Key: productTableItem.key(current.id),
        UpdateExpression: `SET ${[set.expression, clauses.set].filter(Boolean).join(", ")}${extra.remove ? ` REMOVE ${extra.remove}` : ""}`,
        ConditionExpression: [listed, extra.condition].filter(Boolean).join(" AND "),
        ExpressionAttributeNames: { ...set.names, ...clauses.names },
        ExpressionAttributeValues: {
          ...set.values,
          ":listedStatus": current.status_moderation,
          ...clauses.values,
          ...extra.values,
        },
      },
    };
    const listing = moveItems(tableName, move, 0, current.seller_id);
    return labelledWrite(client, [update, ...listing.items], ["stale", ...listing.labels]);
  };

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

    async decide(productId, decision, at) {
      const approved = decision.status === "approved";
      for (let round = 0; round < 3; round++) {
        const current = await getProduct(productId, true);
        if (!current) return "missing";
        if (current.status_moderation !== "pending") return "not_pending";
        // Nothing without an image is approved.
        if (approved && current.img_key === "") return "no_image";
        const outcome = await moderate(
          current,
          {
            status_moderation: decision.status,
            updated_at: at,
            ...(approved ? {} : { rejection_reason: decision.reason }),
          },
          approved
            ? { condition: "img_key <> :none", values: { ":none": "" }, remove: "rejection_reason" }
            : {},
        );
        if (outcome === "ok") return "ok";
        if (outcome === "counts_missing") await readCounts(current.seller_id);
      }
      return "stale";
    },

    async setFlags(productId, flags, at) {
      const set = setExpression({ ...flags, updated_at: at });
      try {
        const result = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: productTableItem.key(productId),
            UpdateExpression: `SET ${set.expression}`,
            ConditionExpression: "attribute_exists(PK)",
            ExpressionAttributeNames: set.names,
            ExpressionAttributeValues: set.values,
            ReturnValues: "ALL_NEW",
          }),
        );
        return productRecordSchema.parse(result.Attributes);
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return undefined;
        throw error;
      }
    },
  };
};
