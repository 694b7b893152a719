import { describe, expect, it } from "vitest";
import { createAccountRepository } from "../../../shared/accounts/account-repository.js";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { createCategoryRepository } from "../../../shared/categories/category-repository.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { createIdempotencyRepository } from "../../../shared/idempotency/idempotency-repository.js";
import { createIdempotentRequests } from "../../../shared/idempotency/idempotent-request.js";
import { cryptoRandomness } from "../../../shared/ids/randomness.js";
import { createKeyStockRepository, keyCodeSourceOf } from "../../../shared/key-stock/key-stock-repository.js";
import { createProductRepository } from "../../../shared/products/product-repository.js";
import { createPurchaseRepository } from "../../../shared/purchases/purchase-repository.js";
import { createPurchaseService } from "../../../shared/purchases/purchase-service.js";
import { productService } from "../../../shared/runtime/dependencies.js";
import { dataKey } from "../../../shared/runtime/service-keys.js";
import { systemClock } from "../../../shared/time/clock.js";
import { PUBLISHING_TIMEOUT } from "../../support/catalogue.js";
import { keyProduct } from "../../support/key-stock.js";
import { balanceOf } from "../../support/ledger.js";
import { stockOf } from "../../support/orders.js";
import { buyableProduct, fundedReseller } from "../../support/purchases.js";
import { recordedMetrics } from "../../support/recorded-metrics.js";

interface Sent {
  readonly operation: string;
  readonly started: number;
  readonly ended: number;
}

/** The purchase service on a client that records each request's operation and when it started and ended. */
const recordedService = () => {
  const client = createDocumentClient();
  const sent: Sent[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const started = performance.now();
      try {
        return await next(args);
      } finally {
        const operation = (context.commandName ?? "unknown").replace(/Command$/, "");
        sent.push({ operation, started, ended: performance.now() });
      }
    },
    { step: "initialize", name: "requestRecorder" },
  );
  const table = requireEnv("TABLE_NAME");
  const metrics = recordedMetrics();
  const service = createPurchaseService({
    metrics: metrics.sink,
    purchases: createPurchaseRepository(client, table),
    products: createProductRepository(client, table),
    categories: createCategoryRepository(client, table),
    accounts: createAccountRepository(client, table),
    idempotency: createIdempotentRequests({
      store: createIdempotencyRepository(client, table),
      now: systemClock,
      random: cryptoRandomness,
    }),
    keyCodes: keyCodeSourceOf(createKeyStockRepository(client, table)),
    dataKey,
    now: systemClock,
    random: cryptoRandomness,
  });
  return { service, sent, counted: metrics.counted };
};

/** Sequential rounds: a request that starts after another ended waits for it. */
const roundsOf = (sent: readonly Sent[]): number => {
  const depth = new Map<Sent, number>();
  for (const request of [...sent].sort((a, b) => a.started - b.started)) {
    const before = sent
      .filter((other) => other.ended <= request.started)
      .map((other) => depth.get(other) ?? 1);
    depth.set(request, 1 + Math.max(0, ...before));
  }
  return Math.max(0, ...depth.values());
};

describe("purchase requests to DynamoDB", () => {
  it(
    "a purchase that passes every check is three requests in two rounds: product and buyer together, then the one transaction",
    async () => {
      const reseller = await fundedReseller(5000);
      const { product } = await buyableProduct({ price: 1500, count: 3 });
      const { service, sent, counted } = recordedService();
      const answer = await service.buy(reseller.id, { product_id: product.id, quantity: 1 });
      expect(answer.data.total).toBe(1500);
      expect(counted).toEqual(["ordersPaid"]);
      expect(sent.map((s) => s.operation).sort()).toEqual(["GetItem", "GetItem", "TransactWriteItems"]);
      expect(roundsOf(sent)).toBe(2);
      expect(await stockOf(product.id)).toBe(2);
      expect(await balanceOf(reseller.id)).toBe(3500);
    },
    PUBLISHING_TIMEOUT,
  );

  it(
    "a gift that passes every check is also two rounds",
    async () => {
      const reseller = await fundedReseller(5000);
      const { product } = await buyableProduct({ price: 700, count: 3 });
      await productService().setFlags(product.id, { gift_available: 1 });
      const { service, sent } = recordedService();
      const answer = await service.gift(reseller.id, { product_id: product.id });
      expect(answer.data.gift).toBe(1);
      expect(sent.map((s) => s.operation).sort()).toEqual(["GetItem", "GetItem", "TransactWriteItems"]);
      expect(roundsOf(sent)).toBe(2);
      expect(await balanceOf(reseller.id)).toBe(4300);
    },
    PUBLISHING_TIMEOUT,
  );

  it(
    "a key product's purchase counts one order paid and one key-stock delivery, and its replay counts nothing more",
    async () => {
      const reseller = await fundedReseller(5000);
      const { product } = await keyProduct(2, { price: 300 });
      const { service, counted } = recordedService();
      await service.buy(reseller.id, { product_id: product.id, quantity: 1 }, "count-once");
      await service.buy(reseller.id, { product_id: product.id, quantity: 1 }, "count-once");
      expect(counted).toEqual(["ordersPaid", "deliveries:key_stock"]);
    },
    PUBLISHING_TIMEOUT,
  );
});
