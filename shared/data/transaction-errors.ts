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

/** Whether a transaction was cancelled because the condition of its item at `index` failed. */
export const conditionFailedAt = (error: unknown, index: number): boolean =>
  error instanceof TransactionCanceledException &&
  error.CancellationReasons?.[index]?.Code === "ConditionalCheckFailed";

/**
 * Which of `labels`, naming the items from position `first` on, failed their condition in a cancelled
 * transaction (none when it was not cancelled or `first` is undefined): a sale's codes another got first.
 */
export const failedFrom = <T>(error: unknown, first: number | undefined, labels: readonly T[]): T[] => {
  if (first === undefined) return [];
  const failed = failedConditions(error);
  return failed ? labels.filter((_, i) => failed[first + i] === true) : [];
};
