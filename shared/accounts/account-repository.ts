import { ConditionalCheckFailedException, TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import { batchGetAll } from "../data/batch-get.js";
import { currentCounterValue, nextCounterValue } from "../data/counters.js";
import { setExpression } from "../data/set-expression.js";
import { counters } from "../data/table-keys.js";
import { conditionFailedAt } from "../data/transaction-errors.js";
import { writeTransaction } from "../data/transactions.js";
import type { BalanceMovement } from "../ledger/ledger-entry.js";
import { balanceMovementItems } from "../ledger/ledger-items.js";
import { sellerCountsTableItem } from "../products/seller-counts-item.js";
import {
  type AccountRecord,
  accountRecordSchema,
  type CodeGuard,
  type CodeLockRule,
  codeGuardSchema,
  codeLocked,
  codeReplayed,
  windowCutoff,
  windowRunning,
} from "./account.js";
import { accountTableItem, apiKeyTableItem, lookupStanding } from "./account-items.js";
import { type AccountStanding, standingOf } from "./account-standing.js";

/** A verified code to use up, at `at`, under the lock `rule`. */
export interface CodeUse {
  readonly step: number;
  readonly at: Date;
  readonly rule: CodeLockRule;
}

/**
 * What a transaction's update of the account item adds to use up a verified code: the code's step
 * becomes the last one used, on condition that no equal or later step was used and payouts are not
 * locked. The caller merges these into its own update (an item appears once per transaction).
 */
export const codeUseClauses = (use: CodeUse) => ({
  set: "totp_last_step = :codeStep",
  condition:
    "(attribute_not_exists(totp_last_step) OR totp_last_step < :codeStep) AND " +
    "(attribute_not_exists(otp_window_start) OR otp_window_start <= :codeCutoff OR otp_wrong_codes < :codeMax)",
  values: {
    ":codeStep": use.step,
    ":codeCutoff": windowCutoff(use.at, use.rule),
    ":codeMax": use.rule.maxWrongCodes,
  },
});

/**
 * Why `codeUseClauses` failed, from the account item as it was (a failed condition's ALL_OLD, already
 * unmarshalled); undefined when the code was not the reason. The lock is told before a replay, so a
 * locked seller learns nothing about a code.
 */
export const codeUseRefusal = (
  old: Record<string, unknown> | undefined,
  use: CodeUse,
): "missing" | "locked" | "replayed" | undefined => {
  if (!old) return "missing";
  const guard = codeGuardSchema.parse(old);
  if (codeLocked(guard, use.at, use.rule)) return "locked";
  if (codeReplayed(guard, use.step)) return "replayed";
  return undefined;
};

/** Whose an API key is, as its lookup item says: the account and a copy of its standing. */
export interface KeyHolder extends AccountStanding {
  readonly accountId: number;
}

/** The credentials a change was decided on, as read; the change applies only while they still hold. */
export interface CredentialsSeen {
  readonly apiKeyHash: string;
  readonly generation: number;
}

/** An operator's change of an account's credentials: the standing after it, and a new key or authenticator secret. */
export interface CredentialsChange extends AccountStanding {
  readonly apiKey?: { readonly hash: string; readonly sealed: string };
  readonly totpSecretSealed?: string;
}

/** Persistence of accounts and their API-key lookups; the service depends on this shape only. */
export interface AccountStore {
  nextSellerId(): Promise<number>;
  /** The highest seller id handed out so far (seller ids are 1…this). */
  highestSellerId(): Promise<number>;
  create(account: AccountRecord): Promise<void>;
  findById(accountId: number): Promise<AccountRecord | undefined>;
  /** The accounts that exist among `accountIds`, by id. */
  findMany(accountIds: readonly number[]): Promise<Map<number, AccountRecord>>;
  findAccountIdByApiKeyHash(apiKeyHash: string): Promise<number | undefined>;
  /** The holder of an API key and its standing, read consistently from the key's lookup item; undefined for an unknown key. */
  findKeyHolder(apiKeyHash: string): Promise<KeyHolder | undefined>;
  /**
   * Applies a credentials change to the account and its key lookup (a new key swaps the lookup items)
   * in one transaction, on condition that the key and generation are still as `seen`. "stale" when
   * they moved meanwhile, "missing" without the account.
   */
  changeCredentials(
    accountId: number,
    seen: CredentialsSeen,
    change: CredentialsChange,
  ): Promise<"changed" | "stale" | "missing">;
  /**
   * Sets a new webhook signing secret, keeping the one replaced (if any) until `previousUntil`, on
   * condition that the secret is still the one `seenSealed` names (none: still none). Tokens are untouched:
   * a signing secret authorises nothing. "stale" when it moved meanwhile, "missing" without the account.
   */
  rotateWebhookSecret(
    accountId: number,
    seenSealed: string | undefined,
    next: { readonly sealed: string; readonly previousUntil: string },
  ): Promise<"changed" | "stale" | "missing">;
  /**
   * Applies profile changes, the webhook subscription among them; returns the updated account, or
   * undefined if there is no such account.
   */
  updateProfile(
    accountId: number,
    changes: Partial<
      Pick<AccountRecord, "name" | "description" | "api_url" | "webhook_events" | "key_stock_low_threshold">
    >,
  ): Promise<AccountRecord | undefined>;
  /** Adds to the balance with its ledger entry in one transaction; returns the new balance, or undefined without the account. */
  credit(movement: BalanceMovement): Promise<number | undefined>;
  /** The account and its code guard, read consistently: a payout decides on the latest lock state. */
  findWithCodeGuard(accountId: number): Promise<{ account: AccountRecord; guard: CodeGuard } | undefined>;
  /**
   * Counts a wrong code: in the running window while it holds fewer than the most wrong codes, or as the
   * first of a new window once the last one has ended. `seen` (the guard as last read) picks the write
   * tried first. "locked" when the running window is full, so the code must not be answered.
   */
  countWrongCode(
    accountId: number,
    at: Date,
    rule: CodeLockRule,
    seen: CodeGuard,
  ): Promise<"counted" | "locked" | "missing">;
  /** Links a new store image; returns the replaced image's key, or undefined if there is no such account. */
  setImage(
    accountId: number,
    image: { url: string; key: string },
  ): Promise<{ previousKey: string } | undefined>;
}

/** The DynamoDB implementation of AccountStore. */
export const createAccountRepository = (client: DynamoDBDocumentClient, tableName: string): AccountStore => ({
  nextSellerId: () => nextCounterValue(client, tableName, counters.sellerId),
  highestSellerId: () => currentCounterValue(client, tableName, counters.sellerId),

  async create(account) {
    // The account and its key lookup are written together so a key never points at nothing.
    await writeTransaction(client, [
      {
        Put: {
          TableName: tableName,
          Item: accountTableItem.item([account.account_id], account),
          ConditionExpression: "attribute_not_exists(PK)",
        },
      },
      {
        Put: {
          TableName: tableName,
          Item: apiKeyTableItem.item([account.api_key_hash], {
            account_id: account.account_id,
            api_key_hash: account.api_key_hash,
            ...lookupStanding({
              generation: account.token_generation,
              statusModeration: account.status_moderation,
            }),
          }),
          ConditionExpression: "attribute_not_exists(PK)",
        },
      },
      // The seller's product count starts here, so listing and writing products never have to build it.
      {
        Put: {
          TableName: tableName,
          Item: sellerCountsTableItem.item([account.account_id], { products: 0 }),
          ConditionExpression: "attribute_not_exists(PK)",
        },
      },
    ]);
  },

  async findById(accountId) {
    const result = await client.send(
      new GetCommand({ TableName: tableName, Key: accountTableItem.key(accountId) }),
    );
    return result.Item ? accountRecordSchema.parse(result.Item) : undefined;
  },

  async findMany(accountIds) {
    const items = await batchGetAll(client, tableName, accountIds.map(accountTableItem.key));
    const accounts = items.map((item) => accountRecordSchema.parse(item));
    return new Map(accounts.map((account) => [account.account_id, account]));
  },

  async findAccountIdByApiKeyHash(apiKeyHash) {
    const result = await client.send(
      new GetCommand({ TableName: tableName, Key: apiKeyTableItem.key(apiKeyHash) }),
    );
    const accountId = result.Item?.account_id;
    return typeof accountId === "number" ? accountId : undefined;
  },

  async findKeyHolder(apiKeyHash) {
    // Consistent, so a token exchanged right after a revocation carries the new generation.
    const result = await client.send(
      new GetCommand({ TableName: tableName, Key: apiKeyTableItem.key(apiKeyHash), ConsistentRead: true }),
    );
    const accountId = result.Item?.account_id;
    if (!result.Item || typeof accountId !== "number") return undefined;
    return { accountId, ...standingOf(result.Item) };
  },

  async rotateWebhookSecret(accountId, seenSealed, next) {
    try {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: accountTableItem.key(accountId),
          UpdateExpression:
            seenSealed === undefined
              ? "SET webhook_secret_sealed = :next REMOVE webhook_secret_previous_sealed, webhook_secret_previous_until"
              : "SET webhook_secret_sealed = :next, webhook_secret_previous_sealed = :seen, webhook_secret_previous_until = :until",
          ConditionExpression:
            seenSealed === undefined
              ? "attribute_exists(PK) AND attribute_not_exists(webhook_secret_sealed)"
              : "attribute_exists(PK) AND webhook_secret_sealed = :seen",
          ExpressionAttributeValues:
            seenSealed === undefined
              ? { ":next": next.sealed }
              : { ":next": next.sealed, ":seen": seenSealed, ":until": next.previousUntil },
        }),
      );
      return "changed";
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const found = await client.send(
        new GetCommand({ TableName: tableName, Key: accountTableItem.key(accountId), ConsistentRead: true }),
      );
      return found.Item ? "stale" : "missing";
    }
  },

  async changeCredentials(accountId, seen, change) {
    const sets = ["token_generation = :generation", "status_moderation = :status"];
    const values: Record<string, unknown> = {
      ":generation": change.generation,
      ":status": change.statusModeration,
      ":seenHash": seen.apiKeyHash,
      ":seenGeneration": seen.generation,
    };
    if (change.apiKey) {
      sets.push("api_key_hash = :hash", "api_key_sealed = :sealed");
      Object.assign(values, { ":hash": change.apiKey.hash, ":sealed": change.apiKey.sealed });
    }
    if (change.totpSecretSealed !== undefined) {
      sets.push("totp_secret_sealed = :totp");
      values[":totp"] = change.totpSecretSealed;
    }
    // A new authenticator secret has used no code yet: the old secret's last step must not refuse it.
    const remove = change.totpSecretSealed === undefined ? "" : " REMOVE totp_last_step";
    const lookup = { account_id: accountId, ...lookupStanding(change) };
    const lookupWrites = change.apiKey
      ? [
          {
            Delete: {
              TableName: tableName,
              Key: apiKeyTableItem.key(seen.apiKeyHash),
              ConditionExpression: "account_id = :account",
              ExpressionAttributeValues: { ":account": accountId },
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: apiKeyTableItem.item([change.apiKey.hash], {
                api_key_hash: change.apiKey.hash,
                ...lookup,
              }),
              ConditionExpression: "attribute_not_exists(PK)",
            },
          },
        ]
      : [
          {
            Update: {
              TableName: tableName,
              Key: apiKeyTableItem.key(seen.apiKeyHash),
              UpdateExpression: "SET token_generation = :generation, status_moderation = :status",
              ConditionExpression: "account_id = :account",
              ExpressionAttributeValues: {
                ":account": accountId,
                ":generation": change.generation,
                ":status": change.statusModeration,
              },
            },
          },
        ];
    try {
      await writeTransaction(client, [
        {
          Update: {
            TableName: tableName,
            Key: accountTableItem.key(accountId),
            UpdateExpression: `SET ${sets.join(", ")}${remove}`,
            // Accounts from before generations have none: that is generation 0.
            ConditionExpression: `attribute_exists(PK) AND api_key_hash = :seenHash AND ${
              seen.generation === 0
                ? "(attribute_not_exists(token_generation) OR token_generation = :seenGeneration)"
                : "token_generation = :seenGeneration"
            }`,
            ExpressionAttributeValues: values,
            ReturnValuesOnConditionCheckFailure: "ALL_OLD",
          },
        },
        ...lookupWrites,
      ]);
      return "changed";
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const account = error.CancellationReasons?.[0];
      if (account?.Code === "ConditionalCheckFailed" && !account.Item) return "missing";
      if (conditionFailedAt(error, 0)) return "stale";
      throw error;
    }
  },

  async setImage(accountId, image) {
    try {
      const result = await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: accountTableItem.key(accountId),
          UpdateExpression: "SET img = :url, img_key = :key",
          ConditionExpression: "attribute_exists(PK)",
          ExpressionAttributeValues: { ":url": image.url, ":key": image.key },
          ReturnValues: "ALL_OLD",
        }),
      );
      return { previousKey: String(result.Attributes?.img_key ?? "") };
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  },

  async updateProfile(accountId, changes) {
    const set = setExpression(changes);
    try {
      const result = await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: accountTableItem.key(accountId),
          UpdateExpression: `SET ${set.expression}`,
          ConditionExpression: "attribute_exists(PK)",
          ExpressionAttributeNames: set.names,
          ExpressionAttributeValues: set.values,
          ReturnValues: "ALL_NEW",
        }),
      );
      return accountRecordSchema.parse(result.Attributes);
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  },

  async credit(movement) {
    try {
      await writeTransaction(client, balanceMovementItems(tableName, movement));
    } catch (error) {
      // Only a missing account means "not found"; anything else is a real failure.
      if (conditionFailedAt(error, 0)) return undefined;
      throw error;
    }
    const result = await client.send(
      new GetCommand({
        TableName: tableName,
        Key: accountTableItem.key(movement.accountId),
        ConsistentRead: true,
      }),
    );
    return accountRecordSchema.parse(result.Item).balance;
  },

  async findWithCodeGuard(accountId) {
    const result = await client.send(
      new GetCommand({ TableName: tableName, Key: accountTableItem.key(accountId), ConsistentRead: true }),
    );
    if (!result.Item) return undefined;
    return { account: accountRecordSchema.parse(result.Item), guard: codeGuardSchema.parse(result.Item) };
  },

  async countWrongCode(accountId, at, rule, seen) {
    let guard = seen;
    // Each failed write hands back the item as it is, which names the write that can succeed; two
    // writes suffice unless the window ends in between, so a third failure is taken as full.
    for (let round = 0; round < 3; round++) {
      const running = windowRunning(guard, at, rule);
      if (running && guard.otp_wrong_codes >= rule.maxWrongCodes) return "locked";
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: accountTableItem.key(accountId),
            ...(running
              ? {
                  UpdateExpression: "SET otp_wrong_codes = otp_wrong_codes + :one",
                  ConditionExpression: "otp_window_start > :cutoff AND otp_wrong_codes < :max",
                  ExpressionAttributeValues: {
                    ":one": 1,
                    ":cutoff": windowCutoff(at, rule),
                    ":max": rule.maxWrongCodes,
                  },
                }
              : {
                  UpdateExpression: "SET otp_wrong_codes = :one, otp_window_start = :at",
                  ConditionExpression:
                    "attribute_exists(PK) AND (attribute_not_exists(otp_window_start) OR otp_window_start <= :cutoff)",
                  ExpressionAttributeValues: {
                    ":one": 1,
                    ":at": at.toISOString(),
                    ":cutoff": windowCutoff(at, rule),
                  },
                }),
            ReturnValuesOnConditionCheckFailure: "ALL_OLD",
          }),
        );
        return "counted";
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        if (!error.Item) return "missing";
        guard = codeGuardSchema.parse(unmarshall(error.Item));
      }
    }
    return "locked";
  },
});
