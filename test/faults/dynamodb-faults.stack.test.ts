import { generate } from "otplib";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { handler as payoutHandler } from "../../functions/v1-payouts/handler.js";
import { handler as purchaseHandler } from "../../functions/v2-purchases/handler.js";
import { keys } from "../../shared/data/table-keys.js";
import {
  accountService,
  buyerOrderService,
  orderService,
  paymentService,
} from "../../shared/runtime/dependencies.js";
import { tableClient } from "../../shared/runtime/table.js";
import { accountMoney } from "../support/account-money.js";
import { createTestAccount, tokenFor } from "../support/accounts.js";
import { PUBLISHING_TIMEOUT, v2Error } from "../support/catalogue.js";
import { type DynamoDbFault, type DynamoDbFaults, injectDynamoDbFaults } from "../support/dynamodb-faults.js";
import { buildContext, buildEvent, parseBody } from "../support/lambda-events.js";
import { expectBalanceMatchesLedger } from "../support/ledger.js";
import { outboxEventsFor, sellerWithProduct, stockOf, stores } from "../support/orders.js";
import { buyableProduct, fundedReseller } from "../support/purchases.js";

// Faults are injected into the process's own table client, the one the handlers below get from their
// composition roots, so each answer is what a caller of the deployed function would get. Each rule
// matches only requests naming the test's own account, and the injector is removed after every test.

let faults: DynamoDbFaults;
beforeEach(() => {
  faults = injectDynamoDbFaults(tableClient());
  // The back-offs between attempts (the SDK's and writeTransaction's) are full jitter, a random share of
  // a cap doubling per attempt: this file's dice always draw the smallest share, so a test waits out
  // no back-off (up to 20 s per call otherwise) while every attempt, outcome and write stays the same.
  vi.spyOn(Math, "random").mockReturnValue(0);
});
afterEach(() => {
  faults.remove();
  vi.restoreAllMocks();
});

/** Attempts the SDK makes of one call (first try included) before it gives up: 4 for DynamoDB. */
const sdkAttempts = () => tableClient().config.maxAttempts();
/** writeTransaction's attempts at a purchase or payout transaction that only conflicts. */
const CONFLICT_ATTEMPTS = 10;
/** Budget for a test that waits out the SDK's throttling back-off (up to 1 + 2 + 4 s per call). */
const FAULT_TIMEOUT = PUBLISHING_TIMEOUT;

let requests = 0;
/** Calls a group handler in-process, as Lambda would, and returns its status and JSON body. */
const invoke = async (
  handler: typeof purchaseHandler,
  routeKey: string,
  token: string,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  requests += 1;
  const requestId = `fault-${process.pid}-${requests}`;
  const event = buildEvent({
    routeKey,
    token,
    requestId,
    ...(body === undefined ? {} : { contentType: "application/json", body: JSON.stringify(body) }),
  });
  Object.assign(event.headers, headers);
  const response = await handler(event, buildContext());
  return { status: response.statusCode, body: parseBody(response), requestId };
};

/** The v2 envelope of an unexpected error, as the error middleware builds it. */
const v2Internal = (requestId: string) =>
  v2Error(500, "internal_error", `Internal server error (request id ${requestId})`, {
    request_id: requestId,
  });

/** Silences (and records) the error log an unexpected error writes, which is this file's expected noise. */
const errorLog = () => vi.spyOn(console, "error").mockImplementation(() => undefined);

/** Everything a purchase could have written, read back: the buyer's money, the stock and both sides' orders. */
const purchaseState = async (buyerId: number, sellerId: number, productId: string) => {
  const money = await accountMoney(buyerId);
  await expectBalanceMatchesLedger(buyerId);
  const history = await buyerOrderService().history(buyerId, { page: 1, limit: 100 });
  const sold = await orderService().listForSeller(sellerId, { limit: 100 });
  return {
    balance: money.balance,
    ledger: money.ledger.map((e) => [e.kind, e.amount, e.order_id]),
    stock: await stockOf(productId),
    buyerOrders: history.items.map((o) => o.order_id),
    sellerOrders: sold.items.map((o) => o.id_order),
  };
};

/** A reseller with 5000 RUB and an H2H product at 500 with 10 in stock. */
const purchaseWorld = async () => {
  const { seller, product } = await buyableProduct({ price: 500, count: 10 });
  const buyer = await fundedReseller(5000);
  const accountKey = keys.account(buyer.id).PK;
  const buy = (headers: Record<string, string> = {}) =>
    invoke(purchaseHandler, "POST /api/v2/buy", buyer.v2, { product_id: product.id, quantity: 1 }, headers);
  const state = () => purchaseState(buyer.id, seller.id, product.id);
  return { seller, product, buyer, accountKey, buy, state };
};

/** The state after exactly one purchase of `orderId` from the world's starting state. */
const afterOnePurchase = (orderId: string) => ({
  balance: 4500,
  ledger: [
    ["operator_credit", 5000, undefined],
    ["purchase", -500, orderId],
  ],
  stock: 9,
  buyerOrders: [orderId],
  sellerOrders: [orderId],
});

const orderIdOf = (body: unknown): string => (body as { data: { order_id: string } }).data.order_id;

describe("POST /api/v2/buy with DynamoDB faults at the client", () => {
  it.each<DynamoDbFault>(["throttling", "provisioned_throughput"])(
    "a purchase whose transaction meets %s twice is retried by the SDK and charges once: one order, one debit, one ledger entry, stock −1, one webhook event",
    async (fault) => {
      const world = await purchaseWorld();
      const rule = faults.fail({
        operation: "TransactWriteItems",
        fault,
        times: 2,
        bodyContains: world.accountKey,
      });
      const answer = await world.buy();
      expect(answer.status).toBe(201);
      const orderId = orderIdOf(answer.body);
      expect(rule.count()).toEqual({ faulted: 2, passed: 1 });
      expect(await world.state()).toEqual(afterOnePurchase(orderId));
      expect((await outboxEventsFor(orderId)).map((e) => e.type)).toEqual(["payment_confirmed"]);
    },
    FAULT_TIMEOUT,
  );

  it(
    "a purchase throttled on every attempt answers 500 internal_error after the SDK's attempts and writes nothing; its Idempotency-Key is released, so the same key buys once when the table recovers",
    async () => {
      const world = await purchaseWorld();
      const before = await world.state();
      const log = errorLog();
      const rule = faults.fail({
        operation: "TransactWriteItems",
        fault: "throttling",
        times: Number.POSITIVE_INFINITY,
        bodyContains: world.accountKey,
      });
      const key = { "Idempotency-Key": `throttled-${Date.now()}` };
      const refused = await world.buy(key);
      expect(refused).toEqual({
        status: 500,
        body: v2Internal(refused.requestId),
        requestId: refused.requestId,
      });
      expect(rule.count()).toEqual({ faulted: await sdkAttempts(), passed: 0 });
      expect(log.mock.calls.map((c) => JSON.parse(String(c[0])).error.name)).toEqual(["ThrottlingException"]);
      expect(await world.state()).toEqual(before);

      faults.remove();
      const retried = await world.buy(key);
      expect(retried.status).toBe(201);
      expect(await world.state()).toEqual(afterOnePurchase(orderIdOf(retried.body)));
    },
    FAULT_TIMEOUT,
  );

  it(
    "a purchase whose transaction meets TransactionConflict 3 times (the SDK does not retry it) is retried by writeTransaction and charges once",
    async () => {
      const world = await purchaseWorld();
      const rule = faults.fail({
        operation: "TransactWriteItems",
        fault: "transaction_conflict",
        times: 3,
        bodyContains: world.accountKey,
        conflictAt: 1,
      });
      const answer = await world.buy();
      expect(answer.status).toBe(201);
      expect(rule.count()).toEqual({ faulted: 3, passed: 1 });
      expect(await world.state()).toEqual(afterOnePurchase(orderIdOf(answer.body)));
    },
    FAULT_TIMEOUT,
  );

  it(
    "a purchase whose transaction conflicts on every one of writeTransaction's attempts answers 500 internal_error and writes nothing",
    async () => {
      const world = await purchaseWorld();
      const before = await world.state();
      const log = errorLog();
      const rule = faults.fail({
        operation: "TransactWriteItems",
        fault: "transaction_conflict",
        times: Number.POSITIVE_INFINITY,
        bodyContains: world.accountKey,
      });
      const refused = await world.buy();
      expect(refused).toEqual({
        status: 500,
        body: v2Internal(refused.requestId),
        requestId: refused.requestId,
      });
      expect(rule.count()).toEqual({ faulted: CONFLICT_ATTEMPTS, passed: 0 });
      expect(log.mock.calls.map((c) => JSON.parse(String(c[0])).error.name)).toEqual([
        "TransactionCanceledException",
      ]);
      expect(await world.state()).toEqual(before);
    },
    FAULT_TIMEOUT,
  );

  it(
    "a purchase whose transaction committed but whose answer was lost (HTTP 500) is not applied twice: the SDK's retry carries the same ClientRequestToken",
    async () => {
      const world = await purchaseWorld();
      const rule = faults.fail({
        operation: "TransactWriteItems",
        fault: "lost_answer",
        times: 1,
        bodyContains: world.accountKey,
      });
      const answer = await world.buy();
      expect(answer.status).toBe(201);
      expect(rule.count()).toEqual({ faulted: 1, passed: 1 });
      expect(await world.state()).toEqual(afterOnePurchase(orderIdOf(answer.body)));
    },
    FAULT_TIMEOUT,
  );
});

/** A seller with `balance` RUB and its authenticator, and the state a payout could have changed. */
const payoutWorld = async (balance: number) => {
  const account = await createTestAccount();
  await accountService().credit(account.seller_id, balance);
  const token = await tokenFor(account.api_key, "v1");
  const code = () => generate({ secret: account.totp_secret, epoch: Math.floor(Date.now() / 1000) });
  const pay = async (amount: number, cod?: string) =>
    invoke(payoutHandler, "POST /api/v1/payout", token, {
      amount,
      payment_system: "card",
      wallet: "4111111111111111",
      cod: cod ?? (await code()),
    });
  const state = async () => {
    await expectBalanceMatchesLedger(account.seller_id);
    const money = await accountMoney(account.seller_id);
    const history = await invoke(payoutHandler, "GET /api/v1/payout/history", token, undefined);
    return {
      balance: money.balance,
      ledger: money.ledger.map((e) => [e.kind, e.amount]),
      payouts: (history.body as { data: { id_order: string }[] }).data.map((p) => p.id_order),
    };
  };
  return { accountKey: keys.account(account.seller_id).PK, code, pay, state };
};

/** The v1 envelope of an unexpected error. */
const v1Internal = (requestId: string) => ({
  status: "error",
  message: `Internal server error (request id ${requestId})`,
});

describe("POST /api/v1/payout with DynamoDB faults at the client", () => {
  it(
    "a payout throttled twice is retried by the SDK and debits once: one payout, one ledger entry",
    async () => {
      const world = await payoutWorld(3000);
      const rule = faults.fail({
        operation: "TransactWriteItems",
        fault: "throttling",
        times: 2,
        bodyContains: world.accountKey,
      });
      const answer = await world.pay(1000);
      expect(answer.status).toBe(200);
      const payoutId = (answer.body as { data: { id_order: string } }).data.id_order;
      expect(rule.count()).toEqual({ faulted: 2, passed: 1 });
      expect(await world.state()).toEqual({
        balance: 2000,
        ledger: [
          ["operator_credit", 3000],
          ["payout", -1000],
        ],
        payouts: [payoutId],
      });
    },
    FAULT_TIMEOUT,
  );

  it.each<[DynamoDbFault, () => Promise<number>, string]>([
    ["throttling", sdkAttempts, "ThrottlingException"],
    ["transaction_conflict", async () => CONFLICT_ATTEMPTS, "TransactionCanceledException"],
  ])(
    "a payout whose transaction meets %s on every attempt answers 500 and writes nothing: the balance, ledger, history and the code are as before",
    async (fault, attempts, errorName) => {
      const world = await payoutWorld(3000);
      const before = await world.state();
      const log = errorLog();
      const rule = faults.fail({
        operation: "TransactWriteItems",
        fault,
        times: Number.POSITIVE_INFINITY,
        bodyContains: world.accountKey,
      });
      const cod = await world.code();
      const refused = await world.pay(1000, cod);
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 500,
        body: v1Internal(refused.requestId),
      });
      expect(rule.count()).toEqual({ faulted: await attempts(), passed: 0 });
      expect(log.mock.calls.map((c) => JSON.parse(String(c[0])).error.name)).toEqual([errorName]);
      expect(await world.state()).toEqual(before);
      // The code was not used up by the write that never happened: it pays out once the table recovers.
      faults.remove();
      const paid = await world.pay(1000, cod);
      expect(paid.status).toBe(200);
      expect((await world.state()).balance).toBe(2000);
    },
    FAULT_TIMEOUT,
  );

  it(
    "a payout whose transaction committed but whose answer was lost (HTTP 500) debits once",
    async () => {
      const world = await payoutWorld(3000);
      const rule = faults.fail({
        operation: "TransactWriteItems",
        fault: "lost_answer",
        times: 1,
        bodyContains: world.accountKey,
      });
      const answer = await world.pay(1000);
      expect(answer.status).toBe(200);
      expect(rule.count()).toEqual({ faulted: 1, passed: 1 });
      const state = await world.state();
      expect(state.balance).toBe(2000);
      expect(state.ledger).toEqual([
        ["operator_credit", 3000],
        ["payout", -1000],
      ]);
      expect(state.payouts).toEqual([(answer.body as { data: { id_order: string } }).data.id_order]);
    },
    FAULT_TIMEOUT,
  );
});

/** A seller's product (price 700, stock 5) and what a storefront order and its payment could have changed. */
const storefrontWorld = async () => {
  const seller = await sellerWithProduct({ price: 700, count: 5 });
  const state = async (orderId?: string) => {
    const listed = await orderService().listForSeller(seller.account.seller_id, { limit: 100 });
    return {
      stock: await stockOf(seller.productId),
      orders: await Promise.all(
        listed.items.map(async (o) => [o.id_order, (await stores().orders.get(o.id_order))?.status]),
      ),
      events: orderId === undefined ? [] : (await outboxEventsFor(orderId)).map((e) => e.type),
    };
  };
  return { productKey: keys.product(seller.productId).PK, productId: seller.productId, state };
};

describe("a storefront order and its payment with DynamoDB faults at the client", () => {
  it(
    "an order and its payment, each throttled twice, take the stock once and pay once: one order, paid, one webhook event",
    async () => {
      const world = await storefrontWorld();
      const reserving = faults.fail({
        operation: "TransactWriteItems",
        fault: "throttling",
        times: 2,
        bodyContains: world.productKey,
      });
      const order = await orderService().createGuestOrder({
        product_id: world.productId,
        quantity: 1,
        email: "faulty-storefront@example.com",
      });
      expect(reserving.count()).toEqual({ faulted: 2, passed: 1 });
      const paying = faults.fail({
        operation: "TransactWriteItems",
        fault: "provisioned_throughput",
        times: 2,
        bodyContains: keys.order(order.id_order).PK,
      });
      expect(await paymentService().confirm({ orderId: order.id_order, paymentSystem: "card" })).toEqual({
        id_order: order.id_order,
        status_order: "paid",
      });
      expect(paying.count()).toEqual({ faulted: 2, passed: 1 });
      expect(await world.state(order.id_order)).toEqual({
        stock: 4,
        orders: [[order.id_order, "paid"]],
        events: ["payment_confirmed"],
      });
    },
    FAULT_TIMEOUT,
  );

  it(
    "an order and a payment throttled on every attempt fail with ThrottlingException and change nothing; once the table recovers the order pays once",
    async () => {
      const world = await storefrontWorld();
      const input = { product_id: world.productId, quantity: 1, email: "throttled-storefront@example.com" };
      const reserving = faults.fail({
        operation: "TransactWriteItems",
        fault: "throttling",
        times: Number.POSITIVE_INFINITY,
        bodyContains: world.productKey,
      });
      await expect(orderService().createGuestOrder(input)).rejects.toMatchObject({
        name: "ThrottlingException",
      });
      expect(reserving.count()).toEqual({ faulted: await sdkAttempts(), passed: 0 });
      expect(await world.state()).toEqual({ stock: 5, orders: [], events: [] });

      faults.remove();
      const order = await orderService().createGuestOrder(input);
      faults = injectDynamoDbFaults(tableClient());
      faults.fail({
        operation: "TransactWriteItems",
        fault: "throttling",
        times: Number.POSITIVE_INFINITY,
        bodyContains: keys.order(order.id_order).PK,
      });
      await expect(
        paymentService().confirm({ orderId: order.id_order, paymentSystem: "card" }),
      ).rejects.toMatchObject({ name: "ThrottlingException" });
      expect(await world.state(order.id_order)).toEqual({
        stock: 4,
        orders: [[order.id_order, "wait"]],
        events: [],
      });

      faults.remove();
      await paymentService().confirm({ orderId: order.id_order, paymentSystem: "card" });
      expect(await world.state(order.id_order)).toEqual({
        stock: 4,
        orders: [[order.id_order, "paid"]],
        events: ["payment_confirmed"],
      });
    },
    FAULT_TIMEOUT,
  );
});
