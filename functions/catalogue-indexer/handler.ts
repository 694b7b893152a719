import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from "aws-lambda";
import { observedHandler } from "../../shared/observability/observed.js";
import { catalogueStreamConsumer } from "../../shared/runtime/catalogue.js";

/** The table's stream (product changes) → the public catalogue's facets, counts and price trees. */
export const handler = observedHandler(
  (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => catalogueStreamConsumer()(event),
);
