import { ConditionalCheckFailedException, TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import {
  type DynamoDBDocumentClient,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from "@aws-sdk/lib-dynamodb";
import { honoursTokenCondition } from "../accounts/account-standing-repository.js";
import { currentStanding, type PendingStanding, StandingRefusedError } from "../auth/request-standing.js";
import { keys } from "../data/table-keys.js";
import { isTransactionConflict } from "../data/transaction-errors.js";

/**
 * Holds every write a request sends to the table to its token's standing, without a round of its own
 * (issue #20): reads go out at once, beside the standing read; a write sent once the standing answered
 * goes out as it is (or is refused); a write sent while it is still in flight carries it as a condition
 * instead of waiting — a transaction gets a ConditionCheck on the account, a single Put, Update or
 * Delete becomes a transaction of itself and that check (sent as written, after the answer, if that
 * transaction meets a conflict a single write would not). Only what cannot carry the condition waits for
 * the answer: a transaction that already writes the account item (DynamoDB allows one action per item)
 * or already holds the 100 items a transaction may, a batch write, a single write that asks for
 * returned values. A refused standing is a
 * StandingRefusedError, which the auth middleware answers with the 401 every refused token gets.
 * Outside a verified request (queues, the ops CLI) it does nothing.
 */

const READS = new Set(["GetItem", "BatchGetItem", "Query", "Scan", "TransactGetItems"]);
/** DynamoDB's most items in one transaction: a transaction already this long has no room for the check. */
const MAX_TRANSACTION_ITEMS = 100;
const SINGLE_WRITES = { PutItem: "Put", UpdateItem: "Update", DeleteItem: "Delete" } as const;
type SingleWrite = keyof typeof SINGLE_WRITES;

type TransactItem = NonNullable<TransactWriteCommandInput["TransactItems"]>[number];
type Input = Record<string, unknown>;

/** Waits for the standing and refuses the write if the account no longer honours the token. */
const awaitStanding = async (standing: PendingStanding): Promise<void> => {
  if (!(await standing.answer)) throw new StandingRefusedError();
};

const writesAccount = (item: TransactItem, accountId: number): boolean => {
  const account = keys.account(accountId);
  const key = (item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key ?? item.ConditionCheck?.Key) as
    | Input
    | undefined;
  return key?.PK === account.PK && key?.SK === account.SK;
};

const tableOf = (item: TransactItem | undefined): string | undefined =>
  (item?.Put ?? item?.Update ?? item?.Delete ?? item?.ConditionCheck)?.TableName;

/**
 * A cancelled transaction's answer as its sender expects it: a refused standing check is a
 * StandingRefusedError; otherwise the check's own reason is taken off, so the reasons line up with
 * the sender's items (a conflict on it is left, so the sender retries as for any conflict).
 */
const withoutStandingReason = (error: unknown, checkIndex: number): unknown => {
  if (!(error instanceof TransactionCanceledException)) return error;
  const reasons = error.CancellationReasons ?? [];
  const own = reasons[checkIndex]?.Code;
  if (own === "ConditionalCheckFailed") return new StandingRefusedError();
  if (own !== "TransactionConflict") error.CancellationReasons = reasons.slice(0, checkIndex);
  return error;
};

/** A single write's failed condition as it would have come alone: a ConditionalCheckFailedException (with the item, if asked for). */
const conditionFailed = (
  error: TransactionCanceledException,
): ConditionalCheckFailedException | undefined => {
  const [reason] = error.CancellationReasons ?? [];
  if (reason?.Code !== "ConditionalCheckFailed") return undefined;
  const failed = new ConditionalCheckFailedException({
    message: "The conditional request failed",
    $metadata: error.$metadata,
  });
  if (reason.Item) failed.Item = reason.Item;
  return failed;
};

/** Adds the gate to the process's document client (once): see the module comment. */
export const installStandingGate = (client: DynamoDBDocumentClient): void => {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const standing = currentStanding();
      const operation = (context.commandName ?? "").replace(/Command$/, "");
      if (!standing || READS.has(operation)) return next(args);
      if (standing.outcome === true) return next(args);
      if (standing.outcome === false) throw new StandingRefusedError();

      const input = args.input as Input;
      const { accountId, generation } = standing.claims;
      if (operation === "TransactWriteItems") {
        const items = (input.TransactItems ?? []) as TransactItem[];
        const table = tableOf(items[0]);
        // A full transaction (e.g. 99 uploaded codes and their product) cannot take the check as a 101st
        // item, which DynamoDB would refuse as invalid: it waits for the answer like one on the account.
        if (
          table === undefined ||
          items.length >= MAX_TRANSACTION_ITEMS ||
          items.some((item) => writesAccount(item, accountId))
        ) {
          await awaitStanding(standing);
          return next(args);
        }
        const checked = {
          ...input,
          TransactItems: [...items, honoursTokenCondition(table, accountId, generation)],
        };
        try {
          return await next({ ...args, input: checked });
        } catch (error) {
          throw withoutStandingReason(error, items.length);
        }
      }

      const single = SINGLE_WRITES[operation as SingleWrite];
      // What a single write has beyond its action in a transaction: returned values (then it waits),
      // and the capacity reports, which a transaction asks for as a whole.
      const { ReturnValues, ReturnConsumedCapacity, ReturnItemCollectionMetrics, ...action } = input;
      if (single && (ReturnValues === undefined || ReturnValues === "NONE")) {
        try {
          // Sent through the client, so this gate adds the standing check to it (or, if the standing
          // answered meanwhile, sends it as it is).
          const result = await client.send(
            new TransactWriteCommand({ TransactItems: [{ [single]: action }] }),
          );
          return { output: { $metadata: result.$metadata }, response: undefined };
        } catch (error) {
          if (!(error instanceof TransactionCanceledException)) throw error;
          const failed = conditionFailed(error);
          if (failed) throw failed;
          // Two single writes to one item never conflict; their transactions may. Under contention
          // the write goes as it was written, once the standing answered: alone, as it always did.
          if (!isTransactionConflict(error)) throw error;
        }
      }
      await awaitStanding(standing);
      return next(args);
    },
    { step: "initialize", name: "tokenStandingGate", priority: "high" },
  );
};
