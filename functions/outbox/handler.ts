import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from "aws-lambda";
import { observedHandler } from "../../shared/observability/observed.js";
import { outboxForwarder } from "../../shared/runtime/queues.js";

/** The table's stream → the webhook and e-mail queues. */
export const handler = observedHandler(
  (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => outboxForwarder()(event),
);
