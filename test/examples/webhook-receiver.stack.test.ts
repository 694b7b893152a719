import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { hashApiKey } from "../../shared/accounts/api-keys.js";
import { exchangeLimitName } from "../../shared/auth/exchange-limits.js";
import { keys } from "../../shared/data/table-keys.js";
import { orderService, paymentService } from "../../shared/runtime/dependencies.js";
import { tableClient, tableName } from "../../shared/runtime/table.js";
import { startExampleReceiver } from "../support/example-receiver.js";
import { request } from "../support/http.js";
import { watchBuyerEmail } from "../support/leak-scan.js";
import { sellerWithProduct, stores } from "../support/orders.js";
import { jsonHeaders } from "../support/products.js";
import { eventually } from "../support/receiver.js";
import { workerStack } from "../support/worker-stack.js";

/** Every exchange of one key the service has counted, over all its windows. */
const exchangesOf = async (apiKey: string): Promise<number> => {
  const { PK } = keys.rateWindow(exchangeLimitName("key"), hashApiKey(apiKey), 0);
  const page = await tableClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: "PK = :pk",
      ExpressionAttributeValues: { ":pk": PK },
      ConsistentRead: true,
    }),
  );
  return (page.Items ?? []).reduce((sum, item) => sum + Number(item.hits ?? 0), 0);
};

const pointProductAt = async (seller: { token: string; productId: string }, apiUrl: string) => {
  const update = await request("POST", `/api/v1/products/update/${seller.productId}`, {
    headers: jsonHeaders(seller.token),
    body: JSON.stringify({ api_url: apiUrl }),
  });
  expect(update.status).toBe(200);
};

describe("the README's webhook receiver on the local stack", () => {
  it("delivers three paid orders from their webhooks, each checked by both signatures, with one token exchange between them", async () => {
    const seller = await sellerWithProduct({ count: 5 });
    const apiKey = seller.account.api_key;
    const receiver = await startExampleReceiver({
      API_KEY: apiKey,
      BASE_URL: workerStack().gatewayUrl,
      WEBHOOK_SECRET: seller.account.webhook_secret,
    });
    try {
      await pointProductAt(seller, receiver.url);
      const before = await exchangesOf(apiKey);

      const orderIds: string[] = [];
      for (let i = 0; i < 3; i++) {
        const order = await orderService().createGuestOrder({
          product_id: seller.productId,
          quantity: 1,
          email: `receiver-${Date.now()}-${i}@example.com`,
        });
        watchBuyerEmail((await stores().orders.get(order.id_order))?.buyer_email);
        await paymentService().confirm({ orderId: order.id_order, paymentSystem: "card" });
        orderIds.push(order.id_order);
      }

      const delivered = await eventually(
        () => Promise.all(orderIds.map(async (id) => (await stores().orders.get(id))?.delivered ?? false)),
        (states) => states.every(Boolean),
      );
      expect(delivered).toEqual([true, true, true]);
      for (const id of orderIds)
        expect((await stores().orders.get(id))?.delivery_text).toMatch(/^KEY-[0-9a-f-]{36}$/);
      expect((await exchangesOf(apiKey)) - before).toBe(1);
    } finally {
      // No later webhook may go to a receiver that is gone.
      await pointProductAt(seller, "");
      await receiver.stop();
    }
  });
});
