import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import { type DynamoDBDocumentClient, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { setExpression } from "../data/set-expression.js";
import { createModerationMove } from "./moderation-move-repository.js";
import { type ProductRecord, productRecordSchema } from "./product.js";
import type { ProductFlags } from "./product-flags.js";
import { productTableItem } from "./product-items.js";
import { readProduct } from "./product-read-repository.js";
import type { SellerCounts } from "./seller-counts-repository.js";

/** The operator's side of moderation: the decision on a pending product and the reseller flags. */
export interface ProductDecisions {
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

/** The DynamoDB implementation of ProductDecisions. */
export const createProductDecisions = (
  client: DynamoDBDocumentClient,
  tableName: string,
  { readCounts }: Pick<SellerCounts, "readCounts">,
): ProductDecisions => {
  const getProduct = (productId: string, consistent: boolean) =>
    readProduct(client, tableName, productId, consistent);
  const moderate = createModerationMove(client, tableName);

  return {
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
