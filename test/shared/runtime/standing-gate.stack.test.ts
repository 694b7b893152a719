import { ConditionalCheckFailedException, TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import { GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { SellerModeration } from "../../../shared/accounts/account.js";
import { honoursToken, standingOf } from "../../../shared/accounts/account-standing.js";
import {
  deferStanding,
  StandingRefusedError,
  withRequestScope,
} from "../../../shared/auth/request-standing.js";
import { keys } from "../../../shared/data/table-keys.js";
import { writeTransaction } from "../../../shared/data/transactions.js";
import { tableClient, tableName } from "../../../shared/runtime/table.js";
import {
  type CommandRecord,
  installCommandRecorder,
  startRecording,
  stopRecording,
} from "../../bench/command-recorder.js";
import { injectDynamoDbFaults } from "../../support/dynamodb-faults.js";

const client = tableClient();
const table = () => tableName();
let nextId = 9_100_000_000 + (process.pid % 1000) * 10_000;

/** An answer that never comes: the standing is in flight for the whole request. */
const inFlight = (): Promise<boolean> => new Promise<boolean>(() => undefined);
/** An answer that comes only after `ms`: writes sent before it must carry the check or wait. */
const answerLater = (honoured: boolean, ms = 50) =>
  new Promise<boolean>((resolve) => setTimeout(() => resolve(honoured), ms));

/** A fresh account item with the given stored standing (attributes left out when undefined). */
const account = async (stored: { generation?: number; status?: number; missing?: boolean } = {}) => {
  nextId += 1;
  const accountId = nextId;
  if (!stored.missing) {
    await client.send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...keys.account(accountId),
          entity: "account",
          ...(stored.generation === undefined ? {} : { token_generation: stored.generation }),
          ...(stored.status === undefined ? {} : { status_moderation: stored.status }),
        },
      }),
    );
  }
  return accountId;
};

/** A scratch item no rule of the service reads. */
const scratchKey = () => {
  nextId += 1;
  return keys.counter(`standing-gate-${process.pid}-${nextId}`);
};
const read = async (key: object) =>
  (await client.send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;

/** Runs `work` as a verified request of `accountId` holding a token of `generation`, recording its commands. */
const asRequest = async <T>(
  accountId: number,
  generation: number,
  answer: Promise<boolean>,
  work: () => Promise<T>,
): Promise<{ outcome: PromiseSettledResult<T>; commands: CommandRecord[] }> => {
  startRecording();
  const [outcome] = await Promise.allSettled([
    withRequestScope(() => {
      deferStanding({ accountId, generation }, answer);
      return work();
    }),
  ]);
  return { outcome: outcome as PromiseSettledResult<T>, commands: await stopRecording() };
};

const putItem = (key: object) => ({
  Put: { TableName: table(), Item: { ...key, entity: "counter", value: 1 } },
});
const operations = (commands: CommandRecord[]) => commands.map((c) => c.operation);
const transactItemsOf = (command: CommandRecord | undefined) =>
  ((command?.input.TransactItems ?? []) as Record<string, unknown>[]).map((item) => Object.keys(item)[0]);

beforeAll(() => installCommandRecorder(client));

describe("the standing gate: a request's writes carry its token's standing instead of waiting for it", () => {
  it("a write transaction sent while the standing is in flight carries a ConditionCheck on the account and is written in one request", async () => {
    const accountId = await account({ generation: 2, status: SellerModeration.approved });
    const key = scratchKey();
    const { outcome, commands } = await asRequest(accountId, 2, inFlight(), () =>
      writeTransaction(client, [putItem(key)]),
    );
    expect(outcome.status).toBe("fulfilled");
    expect(operations(commands)).toEqual(["TransactWriteItems"]);
    expect(transactItemsOf(commands[0])).toEqual(["Put", "ConditionCheck"]);
    expect(await read(key)).toMatchObject({ value: 1 });
  });

  it.each([
    ["revoked the token's generation", { generation: 3 }],
    ["is blocked", { generation: 2, status: SellerModeration.blocked }],
    ["does not exist", { missing: true }],
  ])(
    "a write transaction of a token whose account %s is refused by that check and writes nothing",
    async (_, stored) => {
      const accountId = await account(stored);
      const key = scratchKey();
      const { outcome, commands } = await asRequest(accountId, 2, inFlight(), () =>
        writeTransaction(client, [putItem(key)]),
      );
      expect(outcome.status === "rejected" && outcome.reason).toBeInstanceOf(StandingRefusedError);
      expect(operations(commands)).toEqual(["TransactWriteItems"]);
      expect(await read(key)).toBeUndefined();
    },
  );

  it("a transaction's own failed condition reaches its sender with one reason per item it sent, the check's taken off", async () => {
    const accountId = await account({ generation: 0 });
    const key = scratchKey();
    const { outcome } = await asRequest(accountId, 0, inFlight(), () =>
      writeTransaction(client, [
        { ConditionCheck: { TableName: table(), Key: key, ConditionExpression: "attribute_exists(PK)" } },
      ]),
    );
    const error = outcome.status === "rejected" ? outcome.reason : undefined;
    expect(error).toBeInstanceOf(TransactionCanceledException);
    expect((error as TransactionCanceledException).CancellationReasons?.map((r) => r.Code)).toEqual([
      "ConditionalCheckFailed",
    ]);
  });

  it("a single update sent while the standing is in flight becomes one transaction with the check, and its own failed condition is the ConditionalCheckFailedException it would have been alone", async () => {
    const accountId = await account({ generation: 1 });
    const key = scratchKey();
    await client.send(new PutCommand({ TableName: table(), Item: { ...key, entity: "counter", value: 5 } }));
    const update = (expected: number) =>
      new UpdateCommand({
        TableName: table(),
        Key: key,
        UpdateExpression: "SET #value = :next",
        ConditionExpression: "#value = :expected",
        ExpressionAttributeNames: { "#value": "value" },
        ExpressionAttributeValues: { ":next": expected + 1, ":expected": expected },
        ReturnValuesOnConditionCheckFailure: "ALL_OLD",
      });
    const applied = await asRequest(accountId, 1, inFlight(), () => client.send(update(5)));
    expect(applied.outcome.status).toBe("fulfilled");
    expect(operations(applied.commands)).toEqual(["TransactWriteItems"]);
    expect(transactItemsOf(applied.commands[0])).toEqual(["Update", "ConditionCheck"]);
    expect(await read(key)).toMatchObject({ value: 6 });

    const refused = await asRequest(accountId, 1, inFlight(), () => client.send(update(5)));
    const error = refused.outcome.status === "rejected" ? refused.outcome.reason : undefined;
    expect(error).toBeInstanceOf(ConditionalCheckFailedException);
    const item = (error as ConditionalCheckFailedException).Item;
    expect(item && unmarshall(item)).toMatchObject({ value: 6 });

    const alone = await client.send(update(5)).catch((e: unknown) => e);
    expect(alone).toBeInstanceOf(ConditionalCheckFailedException);
    expect((alone as ConditionalCheckFailedException).Item).toEqual(item);
  });

  it("a single write of a revoked token sent while the standing is in flight is refused and writes nothing", async () => {
    const accountId = await account({ generation: 4 });
    const key = scratchKey();
    const { outcome } = await asRequest(accountId, 3, inFlight(), () =>
      client.send(new PutCommand({ TableName: table(), Item: { ...key, entity: "counter", value: 1 } })),
    );
    expect(outcome.status === "rejected" && outcome.reason).toBeInstanceOf(StandingRefusedError);
    expect(await read(key)).toBeUndefined();
  });

  it("a write that cannot carry the check (one that asks for returned values) waits for the answer and is refused when it is no", async () => {
    const accountId = await account({ generation: 0 });
    const key = scratchKey();
    const { outcome, commands } = await asRequest(accountId, 0, answerLater(false), () =>
      client.send(
        new UpdateCommand({
          TableName: table(),
          Key: key,
          UpdateExpression: "SET #value = :one",
          ExpressionAttributeNames: { "#value": "value" },
          ExpressionAttributeValues: { ":one": 1 },
          ReturnValues: "ALL_NEW",
        }),
      ),
    );
    expect(outcome.status === "rejected" && outcome.reason).toBeInstanceOf(StandingRefusedError);
    expect(commands).toEqual([]);
    expect(await read(key)).toBeUndefined();
  });

  it("a transaction that writes the account item itself waits for the answer (one action per item) and is refused when it is no", async () => {
    const accountId = await account({ generation: 0 });
    const { outcome, commands } = await asRequest(accountId, 0, answerLater(false), () =>
      writeTransaction(client, [
        {
          Update: {
            TableName: table(),
            Key: keys.account(accountId),
            UpdateExpression: "SET #flag = :one",
            ExpressionAttributeNames: { "#flag": "gate_test" },
            ExpressionAttributeValues: { ":one": 1 },
          },
        },
      ]),
    );
    expect(outcome.status === "rejected" && outcome.reason).toBeInstanceOf(StandingRefusedError);
    expect(commands).toEqual([]);
    expect(await read(keys.account(accountId))).not.toHaveProperty("gate_test");
  });

  it("a transaction of DynamoDB's full 100 items waits for the answer and goes out as it is (no 101st item), or is refused when it is no", async () => {
    const accountId = await account({ generation: 1 });
    const keys100 = Array.from({ length: 100 }, () => scratchKey());
    const allowed = await asRequest(accountId, 1, answerLater(true), () =>
      writeTransaction(
        client,
        keys100.map((key) => putItem(key)),
      ),
    );
    expect(allowed.outcome.status).toBe("fulfilled");
    expect(operations(allowed.commands)).toEqual(["TransactWriteItems"]);
    expect(transactItemsOf(allowed.commands[0])).toHaveLength(100);
    expect(await read(keys100[99] as object)).toMatchObject({ value: 1 });

    const refusedKeys = Array.from({ length: 100 }, () => scratchKey());
    const refused = await asRequest(accountId, 1, answerLater(false), () =>
      writeTransaction(
        client,
        refusedKeys.map((key) => putItem(key)),
      ),
    );
    expect(refused.outcome.status === "rejected" && refused.outcome.reason).toBeInstanceOf(
      StandingRefusedError,
    );
    expect(refused.commands).toEqual([]);
    expect(await read(refusedKeys[0] as object)).toBeUndefined();
  });

  it("reads go out at once, beside a standing that never answers", async () => {
    const accountId = await account({ generation: 0 });
    const key = scratchKey();
    const { outcome, commands } = await asRequest(accountId, 0, inFlight(), () => read(key));
    expect(outcome).toEqual({ status: "fulfilled", value: undefined });
    expect(operations(commands)).toEqual(["GetItem"]);
  });

  it("once the standing answered, a write goes out as it is, or is refused without being sent", async () => {
    const accountId = await account({ generation: 0 });
    const honouredKey = scratchKey();
    const honoured = await asRequest(accountId, 0, Promise.resolve(true), async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      await writeTransaction(client, [putItem(honouredKey)]);
    });
    expect(honoured.outcome.status).toBe("fulfilled");
    expect(transactItemsOf(honoured.commands[0])).toEqual(["Put"]);

    const refusedKey = scratchKey();
    const refused = await asRequest(accountId, 0, Promise.resolve(false), async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      await writeTransaction(client, [putItem(refusedKey)]);
    });
    expect(refused.outcome.status === "rejected" && refused.outcome.reason).toBeInstanceOf(
      StandingRefusedError,
    );
    expect(refused.commands).toEqual([]);
    expect(await read(refusedKey)).toBeUndefined();
  });

  it("outside a verified request (queues, the ops CLI) writes go out untouched", async () => {
    const key = scratchKey();
    startRecording();
    await writeTransaction(client, [putItem(key)]);
    const commands = await stopRecording();
    expect(transactItemsOf(commands[0])).toEqual(["Put"]);
  });

  it("the check decides exactly as a read of the standing does, for every stored standing and token generation", async () => {
    const generations = [undefined, 0, 1, 2];
    const statuses = [
      undefined,
      SellerModeration.pending,
      SellerModeration.approved,
      SellerModeration.blocked,
    ];
    const cases: { stored: { generation?: number; status?: number; missing?: boolean }; token: number }[] =
      [];
    for (const generation of generations)
      for (const status of statuses)
        for (const token of [0, 1, 2])
          cases.push({
            stored: {
              ...(generation === undefined ? {} : { generation }),
              ...(status === undefined ? {} : { status }),
            },
            token,
          });
    cases.push({ stored: { missing: true }, token: 0 });
    const decided = await Promise.all(
      cases.map(async ({ stored, token }) => {
        const accountId = await account(stored);
        const item = await read(keys.account(accountId));
        const expected = item !== undefined && honoursToken(standingOf(item), token);
        const { outcome } = await asRequest(accountId, token, inFlight(), () =>
          writeTransaction(client, [putItem(scratchKey())]),
        );
        return { stored, token, honoured: outcome.status === "fulfilled", expected };
      }),
    );
    expect(decided.filter((d) => d.honoured !== d.expected)).toEqual([]);
    expect(decided.filter((d) => d.honoured).length).toBeGreaterThan(0);
    expect(decided.filter((d) => !d.honoured).length).toBeGreaterThan(0);
  });

  it("single writes whose transactions meet a conflict (another transaction on their item) are sent as they were written, after the answer, and land as they would alone", async () => {
    const accountId = await account({ generation: 0 });
    const key = scratchKey();
    const writers = 10;
    const faults = injectDynamoDbFaults(client);
    try {
      const rule = faults.fail({
        operation: "TransactWriteItems",
        fault: "transaction_conflict",
        times: 4,
        bodyContains: key.PK,
      });
      const { outcome } = await asRequest(accountId, 0, answerLater(true, 200), () =>
        Promise.all(
          Array.from({ length: writers }, () =>
            client.send(
              new UpdateCommand({
                TableName: table(),
                Key: key,
                UpdateExpression: "ADD #value :one",
                ExpressionAttributeNames: { "#value": "value" },
                ExpressionAttributeValues: { ":one": 1 },
              }),
            ),
          ),
        ),
      );
      expect(outcome.status === "rejected" ? outcome.reason : "all landed").toBe("all landed");
      expect(rule.count()).toEqual({ faulted: 4, passed: writers - 4 });
      expect(await read(key)).toMatchObject({ value: writers });
    } finally {
      faults.remove();
    }
  });
});
