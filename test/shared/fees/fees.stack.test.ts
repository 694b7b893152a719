import { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { keys } from "../../../shared/data/table-keys.js";
import { createDeliveryRepository } from "../../../shared/delivery/delivery-repository.js";
import { hashDeliveryToken } from "../../../shared/delivery/delivery-token.js";
import { createFeeRepository } from "../../../shared/fees/fee-repository.js";
import { MAX_FEE_RATES } from "../../../shared/fees/fee-schedule.js";
import type { RevenueEntry } from "../../../shared/fees/revenue-entry.js";
import {
  deliveryService,
  feeService,
  feeStore,
  orderService,
  paymentService,
} from "../../../shared/runtime/dependencies.js";
import { tableClient, tableName } from "../../../shared/runtime/table.js";
import { isoDate } from "../../../shared/time/formats.js";
import { request } from "../../support/http.js";
import { keyProduct } from "../../support/key-stock.js";
import { expectBalanceMatchesLedger, ledgerOf } from "../../support/ledger.js";
import { runOps, usageError } from "../../support/ops-cli.js";
import { deliveryTokenFor, sellerWithProduct, stores } from "../../support/orders.js";
import { recordingPaymentService } from "../../support/payments.js";
import { boughtOrder, buyableProduct, fundedReseller } from "../../support/purchases.js";

// Every rate this file sets is its own sellers' or categories': the stack's table is shared with every
// other suite, and a default rate set on it would charge their sales a fee.

const today = () => isoDate(new Date());

/** The marketplace's fee entries for these orders, from today's revenue ledger. */
const revenueOf = async (orderIds: readonly string[]): Promise<RevenueEntry[]> =>
  (await feeStore().revenueEntries(today(), today()))
    .filter((entry) => orderIds.includes(entry.order_id))
    .sort((a, b) => a.order_id.localeCompare(b.order_id));

const deliver = (sellerId: number, orderId: string) =>
  deliveryTokenFor(orderId).then((token) =>
    deliveryService().deliver(sellerId, token, { text: `KEY-${orderId}` }),
  );

/** A paid storefront order of one unit of `productId`. */
const paidStorefrontOrder = async (productId: string) => {
  const order = await orderService().createGuestOrder({
    product_id: productId,
    quantity: 1,
    email: "fee@example.com",
  });
  await paymentService().confirm({ orderId: order.id_order, paymentSystem: "card" });
  return order.id_order;
};

const orderInfo = async (v1Token: string, orderId: string) =>
  (
    await request("GET", `/api/v1/orders/info/${orderId}`, {
      headers: { Authorization: `Bearer ${v1Token}` },
    })
  ).body as { data: Record<string, string> };

describe("a sale under a fee", () => {
  it("credits the seller the amount less the fee and the marketplace the fee in the delivery's write, at the rate of the payment, not a later one", async () => {
    const { account, token, productId } = await sellerWithProduct({ price: 2400, count: 5 });
    const categoryId = (await stores().products.get(productId))?.id_categories;
    await feeService().setRate({ kind: "seller", id: account.seller_id }, 750);
    const orderId = await paidStorefrontOrder(productId);

    expect(await stores().orders.get(orderId)).toMatchObject({ amount: 2400, fee_bp: 750, fee_amount: 180 });
    const tokenHash = hashDeliveryToken(await deliveryTokenFor(orderId));
    expect(await createDeliveryRepository(tableClient(), tableName()).findToken(tokenHash)).toEqual({
      orderId,
      sellerId: account.seller_id,
      amount: 2400,
      fee: { basisPoints: 750, fee: 180, categoryId },
    });

    // A rate changed after the payment changes nothing of this sale.
    await feeService().setRate({ kind: "seller", id: account.seller_id }, 2000);
    await deliver(account.seller_id, orderId);

    expect(await expectBalanceMatchesLedger(account.seller_id)).toBe(2220);
    expect(
      (await ledgerOf(account.seller_id)).map(({ kind, amount, order_id }) => ({ kind, amount, order_id })),
    ).toEqual([{ kind: "sale", amount: 2220, order_id: orderId }]);
    expect(await revenueOf([orderId])).toEqual([
      expect.objectContaining({
        order_id: orderId,
        seller_id: account.seller_id,
        category_id: categoryId,
        sale_amount: 2400,
        fee: 180,
        basis_points: 750,
      }),
    ]);
    expect((await orderInfo(token, orderId)).data).toMatchObject({
      amount: "2400",
      fee: "180",
      fee_percent: "7.50",
      credited: "2220",
      delivered: "1",
    });
  });

  it("takes a category's rate when the seller has none: a reseller's purchase of a key product is credited less the fee in the purchase's write", async () => {
    const { seller, product } = await keyProduct(2, { price: 999 });
    const categoryId = (await stores().products.get(product.id))?.id_categories ?? 0;
    await feeService().setRate({ kind: "category", id: categoryId }, 333);
    const reseller = await fundedReseller(999);

    const orderId = await boughtOrder(reseller, product.id);

    expect(await stores().orders.get(orderId)).toMatchObject({
      amount: 999,
      category_id: categoryId,
      fee_bp: 333,
      fee_amount: 33,
      delivered: true,
    });
    expect(await expectBalanceMatchesLedger(seller.id)).toBe(966);
    expect(await expectBalanceMatchesLedger(reseller.id)).toBe(0);
    expect(await revenueOf([orderId])).toEqual([
      expect.objectContaining({
        order_id: orderId,
        category_id: categoryId,
        sale_amount: 999,
        fee: 33,
        basis_points: 333,
      }),
    ]);
  });

  it("holds a webhook purchase's fee on its order and token until the seller delivers it", async () => {
    const { seller, product } = await buyableProduct({ price: 1000 });
    await feeService().setRate({ kind: "seller", id: seller.id }, 1250);
    const reseller = await fundedReseller(1000);
    const orderId = await boughtOrder(reseller, product.id);

    expect(await stores().orders.get(orderId)).toMatchObject({
      fee_bp: 1250,
      fee_amount: 125,
      delivered: false,
    });
    expect(await expectBalanceMatchesLedger(seller.id)).toBe(0);
    expect(await revenueOf([orderId])).toEqual([]);

    await deliver(seller.id, orderId);
    expect(await expectBalanceMatchesLedger(seller.id)).toBe(875);
    expect((await revenueOf([orderId])).map((entry) => entry.fee)).toEqual([125]);
  });

  it("is not charged without a rate: the order, its token, the seller's credit and its detail are what they were before fees existed", async () => {
    const { account, token, productId } = await sellerWithProduct({ price: 1000, count: 2 });
    const orderId = await paidStorefrontOrder(productId);
    const stored = await stores().orders.get(orderId);
    expect(stored && Object.keys(stored).filter((name) => name.startsWith("fee"))).toEqual([]);
    const tokenHash = hashDeliveryToken(await deliveryTokenFor(orderId));
    expect(await createDeliveryRepository(tableClient(), tableName()).findToken(tokenHash)).toEqual({
      orderId,
      sellerId: account.seller_id,
      amount: 1000,
    });
    await deliver(account.seller_id, orderId);
    expect(await expectBalanceMatchesLedger(account.seller_id)).toBe(1000);
    expect(await revenueOf([orderId])).toEqual([]);
    expect(Object.keys((await orderInfo(token, orderId)).data)).toEqual([
      "id",
      "id_user",
      "guest_id",
      "buyer_type",
      "id_product",
      "id_seller",
      "id_order",
      "status_order",
      "data_create",
      "time_create",
      "amount",
      "count",
      "payment_system",
      "comment",
      "chat_id",
      "dispute_status",
      "delivered",
      "date_delivery",
      "time_delivery",
    ]);
  });

  it("credits parallel deliveries exactly: every seller its sales less their fees, the marketplace the sum of the fees", async () => {
    const sellers = await Promise.all(
      [
        { price: 2400, basisPoints: 750 },
        { price: 999, basisPoints: 333 },
        { price: 1001, basisPoints: 5000 },
        { price: 700, basisPoints: 0 },
      ].map(async ({ price, basisPoints }) => {
        const seller = await sellerWithProduct({ price, count: 8 });
        await feeService().setRate({ kind: "seller", id: seller.account.seller_id }, basisPoints);
        return { ...seller, price, basisPoints };
      }),
    );
    const orders = (
      await Promise.all(
        sellers.map(async (seller) => {
          const ids: string[] = [];
          for (let i = 0; i < 8; i++) ids.push(await paidStorefrontOrder(seller.productId));
          return ids.map((orderId) => ({ seller, orderId }));
        }),
      )
    ).flat();
    const balanceBefore = await feeStore().revenueBalance();

    await Promise.all(orders.map(({ seller, orderId }) => deliver(seller.account.seller_id, orderId)));

    const fee = (price: number, basisPoints: number) => Math.floor((price * basisPoints) / 10_000);
    for (const { account, price, basisPoints } of sellers) {
      expect(await expectBalanceMatchesLedger(account.seller_id), `seller at ${basisPoints}`).toBe(
        8 * (price - fee(price, basisPoints)),
      );
    }
    const expectedFees = 8 * (180 + 33 + 500 + 0);
    const entries = await revenueOf(orders.map(({ orderId }) => orderId));
    expect(entries).toHaveLength(24);
    expect(entries.reduce((sum, entry) => sum + entry.fee, 0)).toBe(expectedFees);
    // This file is the only one that sets rates, and its tests run one at a time.
    expect((await feeStore().revenueBalance()) - balanceBefore).toBe(expectedFees);
  });
});

describe("the fee rates", () => {
  it("refuse a rate above 50% and a category or seller that does not exist, and change nothing", async () => {
    const before = await feeService().schedule();
    await expect(feeService().setRate({ kind: "seller", id: 1 }, 5001)).rejects.toThrow(
      "the fee must be from 0% to 50% in steps of 0.01% (--percent 7.5 or --bp 750)",
    );
    await expect(feeService().setRate({ kind: "category", id: 2_000_000_000 }, 100)).rejects.toThrow(
      "Category 2000000000 not found",
    );
    await expect(feeService().setRate({ kind: "seller", id: 2_000_000_000 }, 100)).rejects.toThrow(
      "Seller 2000000000 not found",
    );
    expect(await feeService().schedule()).toEqual(before);
  });
});

describe("the marketplace default", () => {
  // The default is set on a table of this test's own, read by a payment service whose other parts use
  // the stack's table: set on the shared table, it would charge every other suite's sales.
  const feeTable = `fees-${Date.now().toString(36)}`;
  const raw = new DynamoDBClient({});
  beforeAll(async () => {
    await raw.send(
      new CreateTableCommand({
        TableName: feeTable,
        BillingMode: "PAY_PER_REQUEST",
        AttributeDefinitions: [
          { AttributeName: "PK", AttributeType: "S" },
          { AttributeName: "SK", AttributeType: "S" },
        ],
        KeySchema: [
          { AttributeName: "PK", KeyType: "HASH" },
          { AttributeName: "SK", KeyType: "RANGE" },
        ],
      }),
    );
  });
  afterAll(async () => {
    await raw.send(new DeleteTableCommand({ TableName: feeTable }));
  });
  const fees = () => createFeeRepository(createDocumentClient(), feeTable);

  it("applies to a sale whose seller and category have no rate, and clearing a rate falls back to the next", async () => {
    const { account, productId } = await sellerWithProduct({ price: 1999, count: 3 });
    const categoryId = (await stores().products.get(productId))?.id_categories ?? 0;
    expect(await fees().setRate({ kind: "default" }, 1000)).toBe(true);
    expect(await fees().setRate({ kind: "category", id: categoryId }, 250)).toBe(true);
    const payments = recordingPaymentService({ fees: fees() }).service;
    const pay = async () => {
      const order = await orderService().createGuestOrder({
        product_id: productId,
        quantity: 1,
        email: "d@example.com",
      });
      await payments.confirm({ orderId: order.id_order, paymentSystem: "card" });
      return stores().orders.get(order.id_order);
    };

    expect(await pay()).toMatchObject({ fee_bp: 250, fee_amount: 49 });
    await fees().clearRate({ kind: "category", id: categoryId });
    expect(await pay()).toMatchObject({ fee_bp: 1000, fee_amount: 199 });
    await fees().clearRate({ kind: "default" });
    const unpriced = await pay();
    expect(unpriced?.fee_bp).toBeUndefined();
    expect(account.seller_id).toBeGreaterThan(0);
  });

  it(`holds at most ${MAX_FEE_RATES} rates: a new one beyond is refused, a rate already set can still change`, async () => {
    expect(await fees().setRate({ kind: "seller", id: 1 }, 100)).toBe(true);
    await createDocumentClient().send(
      new UpdateCommand({
        TableName: feeTable,
        Key: keys.feeSchedule(),
        UpdateExpression: "SET rate_count = :max",
        ExpressionAttributeValues: { ":max": MAX_FEE_RATES },
      }),
    );
    expect(await fees().setRate({ kind: "seller", id: 2 }, 100)).toBe(false);
    expect(await fees().setRate({ kind: "seller", id: 1 }, 200)).toBe(true);
    expect([...(await fees().schedule()).rates.entries()]).toEqual([["seller_1", 200]]);
  });
});

describe("the ops CLI's fee and revenue commands", () => {
  const ops = async (args: string[]) => {
    const result = await runOps(args);
    return { code: result.code, stdout: result.stdout, stderr: result.stderr };
  };

  it("sets, shows and clears a seller's rate, and reports the revenue of its sale by day and category", async () => {
    const { account, productId } = await sellerWithProduct({ price: 1500, count: 2 });
    const categoryId = (await stores().products.get(productId))?.id_categories;
    const set = await ops(["fee", "set", "seller", String(account.seller_id), "--percent", "7.5"]);
    expect(set.stderr).toBe("");
    expect(JSON.parse(set.stdout)).toEqual({
      scope: "seller",
      id: account.seller_id,
      basis_points: 750,
      percent: "7.50",
    });
    const shown = JSON.parse((await ops(["fee", "show"])).stdout) as { rates: unknown[] };
    expect(shown.rates).toContainEqual({
      scope: "seller",
      id: account.seller_id,
      basis_points: 750,
      percent: "7.50",
    });

    const orderId = await paidStorefrontOrder(productId);
    await deliver(account.seller_id, orderId);
    const report = JSON.parse(
      (await ops(["revenue", "report", "--from", today(), "--to", today()])).stdout,
    ) as {
      from: string;
      to: string;
      lines: { day: string; category_id: number | null; sales: number; sale_amount: number; fee: number }[];
      total: { fee: number };
      balance: number;
    };
    expect({ from: report.from, to: report.to }).toEqual({ from: today(), to: today() });
    // The category is this test's own: its line is this one sale.
    expect(report.lines.filter((line) => line.category_id === categoryId)).toEqual([
      { day: today(), category_id: categoryId, sales: 1, sale_amount: 1500, fee: 112 },
    ]);
    expect(report.total.fee).toBe(report.lines.reduce((sum, line) => sum + line.fee, 0));
    expect(report.balance).toBeGreaterThanOrEqual(report.total.fee);

    expect(JSON.parse((await ops(["fee", "clear", "seller", String(account.seller_id)])).stdout)).toEqual({
      scope: "seller",
      id: account.seller_id,
      cleared: true,
    });
    const after = JSON.parse((await ops(["fee", "show"])).stdout) as {
      rates: { scope: string; id: number }[];
    };
    expect(after.rates.filter((rate) => rate.scope === "seller" && rate.id === account.seller_id)).toEqual(
      [],
    );
  });

  it("refuses a command line that names no scope, both or neither rate, or a bad day, with one line and exit 2", async () => {
    const set = "fee set <default | category <id> | seller <id>> (--percent <p> | --bp <n>)";
    const cases: [string[], string][] = [
      [
        ["fee", "set", "--percent", "5"],
        usageError("name what the rate is for: default | category <id> | seller <id>", set),
      ],
      [
        ["fee", "set", "seller", "abc", "--bp", "5"],
        usageError('seller id must be a positive integer, got "abc"', set),
      ],
      [
        ["fee", "set", "default", "--percent", "5", "--bp", "500"],
        usageError("give the rate as one of --percent <0-50> or --bp <0-5000>", set),
      ],
      [
        ["fee", "set", "default"],
        usageError("give the rate as one of --percent <0-50> or --bp <0-5000>", set),
      ],
    ];
    for (const [args, stderr] of cases) expect(await ops(args)).toEqual({ code: 2, stdout: "", stderr });
  });

  it("refuses a rate above 50%, an unknown seller and a span that is not days in order with exit 1, changing nothing", async () => {
    const before = (await ops(["fee", "show"])).stdout;
    expect(await ops(["fee", "set", "default", "--percent", "50.5"])).toEqual({
      code: 1,
      stdout: "",
      stderr: "the fee must be from 0% to 50% in steps of 0.01% (--percent 7.5 or --bp 750)\n",
    });
    expect(await ops(["fee", "set", "seller", "987654321", "--bp", "100"])).toEqual({
      code: 1,
      stdout: "",
      stderr: "Seller 987654321 not found\n",
    });
    const span = "--from and --to must be days (YYYY-MM-DD), --from not after --to, at most 366 days apart\n";
    for (const args of [
      ["--from", "2026-11-28", "--to", "2026-11-27"],
      ["--from", "2026-02-30", "--to", "2026-03-01"],
      ["--from", "2025-01-01", "--to", "2026-01-02"],
      ["--to", "27.11.2026"],
    ])
      expect(await ops(["revenue", "report", ...args])).toEqual({ code: 1, stdout: "", stderr: span });
    expect((await ops(["fee", "show"])).stdout).toBe(before);
  });
});
