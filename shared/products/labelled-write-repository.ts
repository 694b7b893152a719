import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import { DeleteCommand, type DynamoDBDocumentClient, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { failedConditions } from "../data/transaction-errors.js";
import { type TransactItem, writeTransaction } from "../data/transactions.js";

/**
 * Runs a product write: one request when it is a single item, else a transaction; names the first failed
 * condition by `labels` (one per item, in order), so the caller learns which rule refused it.
 */
export const labelledWrite = async <T extends string>(
  client: DynamoDBDocumentClient,
  items: TransactItem[],
  labels: T[],
): Promise<T | "ok" | "stale"> => {
  const [only] = items;
  if (items.length === 1 && only && !only.ConditionCheck) {
    try {
      if (only.Update) await client.send(new UpdateCommand(only.Update));
      else if (only.Put) await client.send(new PutCommand(only.Put));
      else if (only.Delete) await client.send(new DeleteCommand(only.Delete));
      return "ok";
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return labels[0] ?? "stale";
      throw error;
    }
  }
  try {
    await writeTransaction(client, items);
    return "ok";
  } catch (error) {
    const failed = failedConditions(error);
    if (!failed) throw error;
    const index = failed.indexOf(true);
    return labels[index] ?? "stale";
  }
};
