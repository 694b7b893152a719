import {
  type DynamoDBDocumentClient,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from "@aws-sdk/lib-dynamodb";
import { isTransactionConflict } from "./transaction-errors.js";

/** Runs a transaction, retrying with jittered back-off while it only conflicts with concurrent ones. */
const withConflictRetry = async <T>(run: (attempt: number) => Promise<T>, attempts = 6): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(attempt);
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= attempts) throw error;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * 2 ** attempt));
    }
  }
};

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
  /**
   * Makes the SDK's own retries of one attempt idempotent (at most 33 characters): a transaction that
   * committed but whose answer was lost is not applied again, nor reported as failed.
   */
  requestToken?: string,
): Promise<void> => {
  await withConflictRetry(
    (attempt) =>
      client.send(
        new TransactWriteCommand({
          TransactItems: [...items],
          ...(requestToken === undefined ? {} : { ClientRequestToken: `${requestToken}.${attempt}` }),
        }),
      ),
    attempts,
  );
};
