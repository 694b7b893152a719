import { AsyncLocalStorage } from "node:async_hooks";
import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { tableSchema } from "../data/table-schema.js";

/**
 * The call recorder of the IAM check (test/infra/iam/): with RECORD_AWS_CALLS naming a folder, every AWS
 * call made inside a function's invocation is written there as IAM sees it (function, service, action,
 * resource), once per distinct call. Without the variable no middleware is added: a Lambda pays nothing.
 */

/** Which function is running: the local stack sets it around each handler invocation (`runAsFunction`). */
const invocation = new AsyncLocalStorage<Readonly<Record<string, unknown>>>();

/** Runs `run` as an invocation of the function `trigger` names; calls outside any invocation are not recorded. */
export const runAsFunction = <T>(trigger: Readonly<Record<string, unknown>>, run: () => T): T =>
  invocation.run(trigger, run);

/** One AWS call as IAM authorizes it; `resource` is the local name (table, queue URL, bucket/key, secret id). */
export interface RecordedCall {
  readonly function: Readonly<Record<string, unknown>>;
  readonly service: string;
  readonly action: string;
  readonly resource: string;
  /** The partition keys a DynamoDB request names (IAM's dynamodb:LeadingKeys), ids masked. */
  readonly leadingKeys?: readonly string[];
}

type Input = Record<string, unknown>;
type Call = Omit<RecordedCall, "function">;

const asInput = (value: unknown): Input =>
  typeof value === "object" && value !== null ? (value as Input) : {};

/** A document client's value or the SDK's marshalled form ({ S: "…" }), as text. */
const text = (value: unknown): string => {
  const attribute = asInput(value);
  return String(attribute.S ?? attribute.N ?? value);
};

/**
 * A key or object key with its variable parts masked: `ORDER#01J…` → `ORDER#{id}`, `CATALOGUE#T#steam` →
 * `CATALOGUE#T#{id}`, `LIMIT#EXCHANGE#key#<hash>` → `LIMIT#EXCHANGE#key#{id}`. Masked: a part with a digit,
 * a long one, and the last one unless it is an upper-case marker; a policy can name those only with a
 * wildcard, so the shape decides, and a few hundred shapes are checked instead of every item written.
 */
const maskIds = (key: string, separator = "#"): string => {
  const parts = key.split(separator);
  return parts
    .map((part, i) =>
      /\d/.test(part) || part.length > 20 || (i === parts.length - 1 && !/^[A-Z_]+$/.test(part))
        ? "{id}"
        : part,
    )
    .join(separator);
};

const partitionKeyOf = (index: unknown): string =>
  index === undefined
    ? tableSchema.partitionKey
    : (tableSchema.globalIndexes.find((i) => i.name === index)?.partitionKey ?? "");

/** The partition key a Query's key condition names (`#pk = :pk`), or none. */
const queriedKey = (input: Input): unknown => {
  const names = asInput(input.ExpressionAttributeNames);
  const values = asInput(input.ExpressionAttributeValues);
  for (const [, name, value] of String(input.KeyConditionExpression).matchAll(/([#\w]+)\s*=\s*(:\w+)/g)) {
    if ((name?.startsWith("#") ? names[name] : name) === partitionKeyOf(input.IndexName))
      return values[value ?? ""];
  }
  return undefined;
};

/** One DynamoDB table (or index) action on the items whose keys are given. */
const tableCall = (action: string, input: Input, keys: unknown[]): Call => ({
  service: "dynamodb",
  action,
  resource: `table/${String(input.TableName)}${input.IndexName ? `/index/${String(input.IndexName)}` : ""}`,
  leadingKeys: [...new Set(keys.filter((key) => key !== undefined).map((key) => maskIds(text(key))))].sort(),
});

const keyOf = (input: Input): unknown => asInput(input.Key ?? input.Item)[tableSchema.partitionKey];

/** What IAM authorizes for one DynamoDB request: a transaction or batch is one action per table and item kind. */
const dynamoCalls = (command: string, input: Input): Call[] => {
  const item = command.replace(/Item$/, "");
  if (["Get", "Put", "Update", "Delete"].includes(item))
    return [tableCall(`${item}Item`, input, [keyOf(input)])];
  if (command === "Query") return [tableCall("Query", input, [queriedKey(input)])];
  if (command.startsWith("Transact")) {
    // No IAM action is named Transact*: each item is authorized as its own Get/Put/Update/Delete/ConditionCheck.
    return (input.TransactItems as Input[]).flatMap((entry) =>
      Object.entries(entry).map(([kind, request]) =>
        tableCall(kind === "ConditionCheck" ? "ConditionCheckItem" : `${kind}Item`, asInput(request), [
          keyOf(asInput(request)),
        ]),
      ),
    );
  }
  if (command.startsWith("Batch")) {
    const action = command.startsWith("BatchGet") ? "BatchGetItem" : "BatchWriteItem";
    return Object.entries(asInput(input.RequestItems)).map(([table, requests]) => {
      const entries: unknown[] = (asInput(requests).Keys as unknown[]) ?? (requests as unknown[]);
      const keys = entries.map((entry) => {
        const write = asInput(entry);
        // BatchGet lists keys; BatchWrite lists put and delete requests.
        const key = write.PutRequest
          ? asInput(write.PutRequest).Item
          : (asInput(write.DeleteRequest).Key ?? write);
        return asInput(key)[tableSchema.partitionKey];
      });
      return tableCall(action, { TableName: table }, keys);
    });
  }
  return [{ service: "dynamodb", action: command, resource: `table/${String(input.TableName)}` }];
};

/** What IAM authorizes for a call: service prefix, action and the resource it names, locally spelt. */
const callsOf = (client: string, command: string, input: Input): Call[] => {
  const service = client.replace(/Client$/, "").toLowerCase();
  const action = command.replace(/Command$/, "");
  if (service === "dynamodb") return dynamoCalls(action, input);
  // SQS authorizes a batch as the action it batches.
  if (service === "sqs")
    return [{ service, action: action.replace(/Batch$/, ""), resource: String(input.QueueUrl) }];
  if (service === "s3")
    return [
      { service, action, resource: `${String(input.Bucket)}/${maskIds(String(input.Key ?? ""), "/")}` },
    ];
  if (service === "secretsmanager") return [{ service, action, resource: String(input.SecretId) }];
  if (service === "ses") return [{ service, action, resource: String(input.SourceArn ?? input.Source) }];
  return [{ service, action, resource: "*" }];
};

/** The calls this process has written: each distinct call is written once. */
const written = new Set<string>();

const record = (folder: string, client: string, command: string, input: Input): void => {
  const trigger = invocation.getStore();
  if (!trigger) return;
  for (const call of callsOf(client, command, input)) {
    const line = JSON.stringify({ function: trigger, ...call } satisfies RecordedCall);
    if (written.has(line)) continue;
    written.add(line);
    // Synchronous, so a stack stopped at once still leaves every call it made on disk.
    appendFileSync(join(folder, `calls-${process.pid}.jsonl`), `${line}\n`);
  }
};

interface MiddlewareStack {
  add(
    middleware: (
      next: (args: { input: unknown }) => Promise<unknown>,
      context: { clientName?: string; commandName?: string },
    ) => (args: { input: unknown }) => Promise<unknown>,
    options: { step: "build"; name: string },
  ): void;
}

const hasMiddlewareStack = (stack: unknown): stack is MiddlewareStack =>
  typeof (stack as { add?: unknown } | null)?.add === "function";

/** Adds the recorder to a client when RECORD_AWS_CALLS names a folder; does nothing otherwise. */
export const recordAwsCalls = (client: { readonly middlewareStack: unknown }): void => {
  const folder = process.env.RECORD_AWS_CALLS;
  if (!folder || !hasMiddlewareStack(client.middlewareStack)) return;
  mkdirSync(folder, { recursive: true });
  // At the build step the input is marshalled whichever client sent it (lib-dynamodb marshals earlier),
  // and it runs once per call, before the retries.
  client.middlewareStack.add(
    (next, context) => async (args) => {
      record(folder, context.clientName ?? "", context.commandName ?? "", asInput(args.input));
      return next(args);
    },
    { step: "build", name: "awsCallRecorder" },
  );
};
