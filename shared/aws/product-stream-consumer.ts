import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from "aws-lambda";
import { logger } from "../observability/logger.js";
import { productTableItem } from "../products/product-items.js";

/**
 * A stream consumer for product changes: calls `sync` once per product of a batch, in stream order.
 * A failure stops the batch and reports that record, so the stream hands it (and those after it) again.
 */
export const createProductStreamConsumer =
  (sync: (productId: string) => Promise<unknown>) =>
  async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    const done = new Set<string>();
    for (const record of event.Records) {
      const image = record.dynamodb?.NewImage ?? record.dynamodb?.OldImage;
      if (!image) continue;
      const item = unmarshall(image as Record<string, AttributeValue>);
      if (!productTableItem.is(item) || typeof item.id !== "string" || done.has(item.id)) continue;
      try {
        // Each sync reads the product as it is now, so one per product covers every later record too.
        await sync(item.id);
        done.add(item.id);
      } catch (error) {
        logger().error("Catalogue sync failed", {
          product_id: item.id,
          error: error instanceof Error ? error.message : String(error),
        });
        return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? "" }] };
      }
    }
    return { batchItemFailures: [] };
  };
