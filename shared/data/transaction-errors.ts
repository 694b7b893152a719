import { TransactionCanceledException } from "@aws-sdk/client-dynamodb";

/** Which items of a cancelled transaction failed their condition, by position; undefined if it was not cancelled. */
export const failedConditions = (error: unknown): boolean[] | undefined =>
  error instanceof TransactionCanceledException
    ? (error.CancellationReasons ?? []).map((r) => r.Code === "ConditionalCheckFailed")
    : undefined;

/** Whether a transaction lost a race with another one on the same items and may simply be retried. */
export const isTransactionConflict = (error: unknown): boolean =>
  error instanceof TransactionCanceledException &&
  (error.CancellationReasons ?? []).some((r) => r.Code === "TransactionConflict") &&
  !(error.CancellationReasons ?? []).some((r) => r.Code === "ConditionalCheckFailed");

/** Runs a transaction, retrying with jittered back-off while it only conflicts with concurrent ones. */
export const withConflictRetry = async <T>(run: () => Promise<T>, attempts = 6): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= attempts) throw error;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * 2 ** attempt));
    }
  }
};

/** Whether a transaction was cancelled because the condition of its item at `index` failed. */
export const conditionFailedAt = (error: unknown, index: number): boolean =>
  error instanceof TransactionCanceledException &&
  error.CancellationReasons?.[index]?.Code === "ConditionalCheckFailed";
