import { format } from "node:util";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { handler as keyStockHandler } from "../../functions/v1-key-stock/handler.js";
import { handler as purchaseHandler } from "../../functions/v2-purchases/handler.js";
import { keys } from "../../shared/data/table-keys.js";
import { tableClient } from "../../shared/runtime/table.js";
import { PUBLISHING_TIMEOUT } from "../support/catalogue.js";
import { type DynamoDbFaults, injectDynamoDbFaults } from "../support/dynamodb-faults.js";
import { freshCodes, keyCountsOf, keyProduct } from "../support/key-stock.js";
import { buildContext, buildEvent, parseBody } from "../support/lambda-events.js";
import { fundedReseller } from "../support/purchases.js";

// Codes never reach a log line: the handlers run in-process here, so every console line they write,
// the error log of a 500 included, is in this file's hands.

let faults: DynamoDbFaults;
let lines: string[];
beforeEach(() => {
  faults = injectDynamoDbFaults(tableClient());
  // No back-off waits: the attempts and their outcomes stay the same (as dynamodb-faults.stack.test.ts).
  vi.spyOn(Math, "random").mockReturnValue(0);
  lines = [];
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(format(...args));
    });
  }
});
afterEach(() => {
  faults.remove();
  vi.restoreAllMocks();
});

/** Calls a group handler in-process, as Lambda would, with a JSON body and optional path parameters. */
const invoke = async (
  handler: typeof purchaseHandler,
  routeKey: string,
  token: string,
  body: unknown,
  pathParameters?: Record<string, string>,
) => {
  const event = buildEvent({ routeKey, token, contentType: "application/json", body: JSON.stringify(body) });
  if (pathParameters) {
    event.pathParameters = pathParameters;
    event.rawPath = Object.entries(pathParameters).reduce(
      (path, [name, value]) => path.replace(`{${name}}`, value),
      event.rawPath,
    );
  }
  const response = await handler(event, buildContext());
  return { status: response.statusCode, body: parseBody(response) };
};

/** The console lines that carry any of `codes`. */
const linesWith = (codes: readonly string[]) =>
  lines.filter((line) => codes.some((code) => line.includes(code)));

describe("uploaded codes never reach a log line", () => {
  it(
    "an upload that fails on DynamoDB logs its 500 without a code, and stores nothing",
    async () => {
      const { seller, product } = await keyProduct(1);
      const codes = freshCodes(seller.id, 3);
      faults.fail({
        operation: "TransactWriteItems",
        fault: "transaction_conflict",
        times: 10,
        bodyContains: keys.product(product.id).PK,
      });
      const answer = await invoke(
        keyStockHandler,
        "POST /api/v1/products/keys/{id}",
        seller.v1,
        { codes: [...codes, "<b>refused</b>", codes[0]] },
        { id: product.id },
      );
      expect(answer.status).toBe(500);
      expect(lines.some((line) => line.includes("Unhandled error"))).toBe(true);
      expect(linesWith(codes)).toEqual([]);
      expect(await keyCountsOf(product.id)).toEqual({
        available: 1,
        reserved: 0,
        delivered: 0,
        withdrawn: 0,
      });
    },
    PUBLISHING_TIMEOUT,
  );

  it(
    "a key product's purchase that fails on DynamoDB logs its 500 without a code; one that succeeds logs none either",
    async () => {
      const { product, codes } = await keyProduct(2, { price: 100 });
      const buyer = await fundedReseller(1000);
      faults.fail({
        operation: "TransactWriteItems",
        fault: "transaction_conflict",
        times: 10,
        bodyContains: keys.account(buyer.id).PK,
      });
      const failed = await invoke(purchaseHandler, "POST /api/v2/buy", buyer.v2, {
        product_id: product.id,
        quantity: 1,
      });
      expect(failed.status).toBe(500);
      expect(lines.some((line) => line.includes("Unhandled error"))).toBe(true);
      faults.remove();
      const bought = await invoke(purchaseHandler, "POST /api/v2/buy", buyer.v2, {
        product_id: product.id,
        quantity: 2,
      });
      expect(bought.status).toBe(201);
      expect(linesWith(codes)).toEqual([]);
    },
    PUBLISHING_TIMEOUT,
  );
});
