import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from "aws-lambda";
import { outboxForwarder } from "../../shared/runtime/queues.js";

/** The table's stream → the webhook and e-mail queues. */
export const handler = (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> =>
  outboxForwarder()(event);
