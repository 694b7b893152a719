import { ConditionalCheckFailedException, TransactionConflictException } from "@aws-sdk/client-dynamodb";
import { DeleteCommand, type DynamoDBDocumentClient, PutCommand } from "@aws-sdk/lib-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import type { TransactItem } from "../data/transactions.js";
import { idempotencyTableItem } from "./idempotency-items.js";
import {
  type IdempotencyClaim,
  type IdempotencyRecord,
  idempotencyRecordSchema,
  type StoredAnswer,
} from "./idempotency-record.js";

/** What claiming a key found. */
export type ClaimOutcome =
  | { readonly kind: "claimed" }
  | { readonly kind: "taken"; readonly record: IdempotencyRecord }
  /** A transaction (the first request's charge) is writing the key's record right now. */
  | { readonly kind: "being_written" };

/** Persistence of Idempotency-Key records. */
export interface IdempotencyStore {
  /**
   * Claims a key for one request: succeeds when the key is new, expired, or held by a stale claim of the
   * same request; otherwise returns the record that holds it.
   */
  claim(input: {
    claim: IdempotencyClaim;
    route: string;
    requestHash: string;
    at: string;
    staleBefore: string;
    expiresAt: number;
    nowEpoch: number;
  }): Promise<ClaimOutcome>;
  /** Gives a key back after its request failed without charging, so the client may retry with it. */
  release(claim: IdempotencyClaim): Promise<void>;
}

/**
 * The transaction item that completes a claim with its answer; it rides in the transaction that charges,
 * so a key is completed exactly when its charge committed, and fails if another request took the claim over.
 */
export const idempotencyCompletion = (
  tableName: string,
  claim: IdempotencyClaim,
  answer: StoredAnswer,
): TransactItem => ({
  Update: {
    TableName: tableName,
    Key: idempotencyTableItem.key(claim.accountId, claim.keyHash),
    UpdateExpression: "SET #state = :completed, #response = :response",
    ConditionExpression: "#state = :inProgress AND lock_id = :lock",
    ExpressionAttributeNames: { "#state": "state", "#response": "response" },
    ExpressionAttributeValues: {
      ":completed": "completed",
      ":inProgress": "in_progress",
      ":lock": claim.lockId,
      ":response": JSON.stringify(answer),
    },
  },
});

/** The DynamoDB implementation of IdempotencyStore. */
export const createIdempotencyRepository = (
  client: DynamoDBDocumentClient,
  tableName: string,
): IdempotencyStore => ({
  async claim({ claim, route, requestHash, at, staleBefore, expiresAt, nowEpoch }) {
    const record: IdempotencyRecord = {
      route,
      request_hash: requestHash,
      state: "in_progress",
      lock_id: claim.lockId,
      locked_at: at,
      expires_at: expiresAt,
    };
    try {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: idempotencyTableItem.item([claim.accountId, claim.keyHash], record),
          // TTL deletion lags by up to days, so an expired record counts as absent here.
          ConditionExpression:
            "attribute_not_exists(PK) OR expires_at < :now OR (#state = :inProgress AND locked_at < :stale AND request_hash = :hash AND route = :route)",
          ExpressionAttributeNames: { "#state": "state" },
          ExpressionAttributeValues: {
            ":now": nowEpoch,
            ":inProgress": "in_progress",
            ":stale": staleBefore,
            ":hash": requestHash,
            ":route": route,
          },
          ReturnValuesOnConditionCheckFailure: "ALL_OLD",
        }),
      );
      return { kind: "claimed" };
    } catch (error) {
      if (error instanceof TransactionConflictException) return { kind: "being_written" };
      if (!(error instanceof ConditionalCheckFailedException) || !error.Item) throw error;
      return { kind: "taken", record: idempotencyRecordSchema.parse(unmarshall(error.Item)) };
    }
  },

  async release(claim) {
    try {
      await client.send(
        new DeleteCommand({
          TableName: tableName,
          Key: idempotencyTableItem.key(claim.accountId, claim.keyHash),
          ConditionExpression: "#state = :inProgress AND lock_id = :lock",
          ExpressionAttributeNames: { "#state": "state" },
          ExpressionAttributeValues: { ":inProgress": "in_progress", ":lock": claim.lockId },
        }),
      );
    } catch (error) {
      // Someone took a stale claim over meanwhile: the key is theirs now.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  },
});
