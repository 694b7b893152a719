import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { handler as purchaseHandler } from "../../functions/v2-purchases/handler.js";
import { tableClient } from "../../shared/runtime/table.js";
import { PUBLISHING_TIMEOUT, v2Error } from "../support/catalogue.js";
import { type DynamoDbFaults, injectDynamoDbFaults } from "../support/dynamodb-faults.js";
import { buildContext, buildEvent, parseBody } from "../support/lambda-events.js";
import { balanceOf } from "../support/ledger.js";
import { stockOf } from "../support/orders.js";
import { buyableProduct, fundedReseller } from "../support/purchases.js";

let faults: DynamoDbFaults;
beforeEach(() => {
  faults = injectDynamoDbFaults(tableClient());
});
afterEach(() => {
  faults.remove();
  vi.restoreAllMocks();
});

describe("Idempotency-Key claims with DynamoDB faults at the client (a conflict is a request in progress)", () => {
  it(
    "a buy whose Idempotency-Key claim meets TransactionConflictException (another request's purchase transaction is writing that key) answers 409 request_in_progress, not 500",
    async () => {
      const { product } = await buyableProduct({ price: 500, count: 10 });
      const buyer = await fundedReseller(5000);
      vi.spyOn(console, "error").mockImplementation(() => undefined);
      // The claim goes out while the token's standing is read (the test stack caches none), so it is a
      // transaction carrying the standing; meeting the other transaction, it is sent again alone once
      // the standing answered (shared/runtime/standing-gate.ts) and meets it again.
      const claimTransaction = faults.fail({
        operation: "TransactWriteItems",
        fault: "transaction_conflict",
        times: 1,
        bodyContains: `"IDEMPOTENCY#${buyer.id}#`,
      });
      const rule = faults.fail({
        operation: "PutItem",
        fault: "item_conflict",
        times: 1,
        bodyContains: `"IDEMPOTENCY#${buyer.id}#`,
      });
      const event = buildEvent({
        routeKey: "POST /api/v2/buy",
        token: buyer.v2,
        contentType: "application/json",
        body: JSON.stringify({ product_id: product.id, quantity: 1 }),
        requestId: "held-conflict",
      });
      event.headers["idempotency-key"] = `conflict-${Date.now()}`;
      const response = await purchaseHandler(event, buildContext());
      expect(claimTransaction.count()).toEqual({ faulted: 1, passed: 0 });
      expect(rule.count()).toEqual({ faulted: 1, passed: 0 });
      expect({ status: response.statusCode, body: parseBody(response) }).toEqual({
        status: 409,
        body: v2Error(409, "request_in_progress", "A request with this Idempotency-Key is still in progress"),
      });
      expect(await balanceOf(buyer.id)).toBe(5000);
      expect(await stockOf(product.id)).toBe(10);
    },
    PUBLISHING_TIMEOUT,
  );
});
