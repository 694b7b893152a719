import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

/**
 * DynamoDB faults injected inside a real client, below the SDK's retry strategy: each attempt the SDK
 * makes passes through here, and a faulted one gets the raw HTTP answer DynamoDB would send, which the
 * SDK's own deserializer turns into the service error and its retry strategy judges. Nothing is mocked
 * above the wire, so the code under test sees exactly what it would see from AWS.
 */

/** What DynamoDB answers instead of (or, for `lost_answer`, after) doing the request. */
export type DynamoDbFault =
  /** 400 ThrottlingException: the SDK retries it (throttling back-off). */
  | "throttling"
  /** 400 ProvisionedThroughputExceededException: the SDK retries it (throttling back-off). */
  | "provisioned_throughput"
  /** 400 TransactionCanceledException, one item's reason TransactionConflict: the SDK does not retry it. */
  | "transaction_conflict"
  /** 400 TransactionConflictException: a single-item write met a transaction in flight on its item; the SDK does not retry it. */
  | "item_conflict"
  /** The request reaches DynamoDB and is applied, then the answer is a 500: the SDK retries it. */
  | "lost_answer";

/** Which attempts fail, and how. */
export interface FaultRule {
  /** The DynamoDB operation, e.g. "TransactWriteItems", "GetItem", "UpdateItem". */
  readonly operation: string;
  readonly fault: DynamoDbFault;
  /** How many matching attempts fail before the rest go through; Infinity for every one. */
  readonly times: number;
  /** Only attempts whose JSON request body contains this text (e.g. an account's key) count. */
  readonly bodyContains?: string;
  /** For transaction_conflict: the position of the conflicting item (default 0). */
  readonly conflictAt?: number;
}

interface RawRequest {
  readonly headers: Record<string, string>;
  readonly body?: unknown;
}

interface RawResponse {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly body: Uint8Array;
}

const json = (statusCode: number, type: string, body: Record<string, unknown>): RawResponse => ({
  statusCode,
  headers: {
    "content-type": "application/x-amz-json-1.0",
    "x-amzn-errortype": type,
    "x-amzn-requestid": `fault-${Math.random().toString(36).slice(2)}`,
  },
  body: new TextEncoder().encode(
    JSON.stringify({ __type: `com.amazonaws.dynamodb.v20120810#${type}`, ...body }),
  ),
});

/** DynamoDB's answer for a fault, given the request's item count (for a transaction's reasons). */
const answerFor = (fault: DynamoDbFault, items: number, conflictAt: number): RawResponse => {
  switch (fault) {
    case "throttling":
      return json(400, "ThrottlingException", {
        message: "Rate of requests exceeds the allowed throughput.",
      });
    case "provisioned_throughput":
      return json(400, "ProvisionedThroughputExceededException", {
        message:
          "The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.",
      });
    case "transaction_conflict": {
      const reasons = Array.from({ length: items }, (_, i) =>
        i === conflictAt
          ? { Code: "TransactionConflict", Message: "Transaction is ongoing for the item" }
          : { Code: "None" },
      );
      return json(400, "TransactionCanceledException", {
        Message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons
          .map((r) => r.Code)
          .join(", ")}]`,
        CancellationReasons: reasons,
      });
    }
    case "item_conflict":
      return json(400, "TransactionConflictException", {
        message: "Transaction is ongoing for the item",
      });
    case "lost_answer":
      return json(500, "InternalServerError", { message: "Internal server error" });
  }
};

const bodyText = (body: unknown): string =>
  typeof body === "string" ? body : body instanceof Uint8Array ? new TextDecoder().decode(body) : "";

let injectors = 0;

/** The attempts one rule has seen: how many it failed, and how many it let through once it had no faults left. */
export interface RuleCount {
  readonly faulted: number;
  readonly passed: number;
}

/**
 * Adds a fault injector to a document client (one built for the test, or the process's own
 * `tableClient()`); `remove` takes it out again. An attempt gets the fault of the first rule that
 * matches it and still has faults left; every matching rule counts it.
 */
export const injectDynamoDbFaults = (client: DynamoDBDocumentClient) => {
  const rules: { rule: FaultRule; left: number; faulted: number; passed: number }[] = [];
  injectors += 1;
  const name = `faultInjector${injectors}`;
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as RawRequest;
      const operation = (request.headers["x-amz-target"] ?? "").replace(/^DynamoDB_\d+\./, "");
      const body = bodyText(request.body);
      const matching = rules.filter(
        (r) =>
          r.rule.operation === operation &&
          (r.rule.bodyContains === undefined || body.includes(r.rule.bodyContains)),
      );
      const active = matching.find((r) => r.left > 0);
      if (!active) {
        for (const r of matching) r.passed += 1;
        return next(args);
      }
      active.left -= 1;
      active.faulted += 1;
      const items = operation === "TransactWriteItems" ? (JSON.parse(body).TransactItems?.length ?? 0) : 0;
      const answer = answerFor(active.rule.fault, items, active.rule.conflictAt ?? 0);
      if (active.rule.fault === "lost_answer") await next(args);
      // The deserializer above reads a raw HTTP answer: the one DynamoDB would have sent.
      return { response: answer };
    },
    // Below the deserializer (and so below the retry strategy): every SDK attempt passes here.
    { step: "deserialize", priority: "low", name },
  );
  return {
    /** Fails the next `times` attempts matching the rule; the returned count reads what the rule has seen. */
    fail(rule: FaultRule): { readonly count: () => RuleCount } {
      const entry = { rule, left: rule.times, faulted: 0, passed: 0 };
      rules.push(entry);
      return { count: () => ({ faulted: entry.faulted, passed: entry.passed }) };
    },
    /** Takes the injector out of the client; later requests go straight through. */
    remove() {
      client.middlewareStack.remove(name);
    },
  };
};

/** The fault injector of one client. */
export type DynamoDbFaults = ReturnType<typeof injectDynamoDbFaults>;
