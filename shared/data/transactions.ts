import {
  type DynamoDBDocumentClient,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from "@aws-sdk/lib-dynamodb";
import { withConflictRetry } from "./transaction-errors.js";

/** One write of a transaction: a Put, Update, Delete or ConditionCheck. */
export type TransactItem = NonNullable<TransactWriteCommandInput["TransactItems"]>[number];

/**
 * Writes the items all or nothing, retrying while the transaction only conflicts with concurrent
 * ones. A failed condition is not retried: it reaches the caller, who reads which item failed.
 */
export const writeTransaction = async (
  client: DynamoDBDocumentClient,
  items: readonly TransactItem[],
  attempts?: number,
): Promise<void> => {
  await withConflictRetry(
    () => client.send(new TransactWriteCommand({ TransactItems: [...items] })),
    attempts,
  );
};
