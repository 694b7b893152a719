import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { newId } from "../../../shared/ids/ids.js";
import { createPayoutRepository } from "../../../shared/payouts/payout-repository.js";
import { accountService, orderService } from "../../../shared/runtime/dependencies.js";
import { createTestAccount, tokenFor } from "../../support/accounts.js";
import { tick } from "../../support/catalogue.js";
import { request } from "../../support/http.js";
import { sellerWithProduct } from "../../support/orders.js";

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const ordersPage = async (token: string, query = "") => {
  const response = await request("GET", `/api/v1/orders${query}`, { headers: bearer(token) });
  return {
    status: response.status,
    ids: (response.body as { data?: { id_order: string }[] }).data?.map((o) => o.id_order),
    next: response.headers.get("x-next-cursor"),
    body: response.body,
  };
};

describe("GET /api/v1/orders pages (extension: limit and cursor)", () => {
  it("returns `limit` orders newest first and an X-Next-Cursor until the last page", async () => {
    const { token, productId } = await sellerWithProduct({ count: 20 });
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        (
          await orderService().createGuestOrder({
            product_id: productId,
            quantity: 1,
            email: "p@example.com",
          })
        ).id_order,
      );
      await tick();
    }
    const newest = [...made].reverse();
    const all = await ordersPage(token);
    expect(all.ids).toEqual(newest);
    expect(all.next).toBeNull();

    const first = await ordersPage(token, "?limit=2");
    expect(first.ids).toEqual(newest.slice(0, 2));
    expect(first.next).toMatch(/^[A-Za-z0-9_-]+$/);
    const second = await ordersPage(token, `?limit=2&cursor=${first.next}`);
    expect(second.ids).toEqual(newest.slice(2, 4));
    const third = await ordersPage(token, `?limit=2&cursor=${second.next}`);
    expect(third.ids).toEqual(newest.slice(4));
    // DynamoDB cannot know the page was the last without reading one more: at most one empty page follows.
    if (third.next !== null)
      expect((await ordersPage(token, `?limit=2&cursor=${third.next}`)).ids).toEqual([]);
  });

  it("refuses a cursor of another seller's list, a forged one and a bad limit with 400, reading nothing", async () => {
    const mine = await sellerWithProduct({ count: 5 });
    for (let i = 0; i < 2; i++) {
      await orderService().createGuestOrder({
        product_id: mine.productId,
        quantity: 1,
        email: "q@example.com",
      });
    }
    const { next } = await ordersPage(mine.token, "?limit=1");
    expect(next).not.toBeNull();
    const other = await tokenFor((await createTestAccount()).api_key, "v1");
    const invalid = { status: 400, body: { status: "error", message: "Invalid cursor" } };
    const refused = await ordersPage(other, `?cursor=${next}`);
    expect({ status: refused.status, body: refused.body }).toEqual(invalid);
    const forged = Buffer.from(JSON.stringify({ PK: "x" })).toString("base64url");
    const forgedAnswer = await ordersPage(mine.token, `?cursor=${forged}`);
    expect({ status: forgedAnswer.status, body: forgedAnswer.body }).toEqual(invalid);
    const garbage = await ordersPage(mine.token, "?cursor=%7B%7D");
    expect({ status: garbage.status, body: garbage.body }).toEqual(invalid);
    const badLimit = await ordersPage(mine.token, "?limit=1001");
    expect({ status: badLimit.status, body: badLimit.body }).toEqual({
      status: 400,
      body: { status: "error", message: "limit must be a whole number from 1 to 1000" },
    });
  });
});

describe("GET /api/v1/payout/history pages (extension: limit and cursor)", () => {
  it("pages the seller's payouts newest first with X-Next-Cursor", async () => {
    const account = await createTestAccount();
    const token = await tokenFor(account.api_key, "v1");
    await accountService().credit(account.seller_id, 10_000);
    const payouts = createPayoutRepository(createDocumentClient(), requireEnv("TABLE_NAME"));
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = newId();
      made.push(id);
      const created = await payouts.create(
        {
          id,
          seller_id: account.seller_id,
          amount: 1000,
          payment_system: "card",
          wallet: "4111111111111111",
          status: "wait",
          created_at: new Date(Date.now() + i).toISOString(),
        },
        randomUUID(),
      );
      expect(created).toBe("created");
    }
    const page = async (query: string) => {
      const response = await request("GET", `/api/v1/payout/history${query}`, { headers: bearer(token) });
      return {
        ids: (response.body as { data: { id_order: string }[] }).data.map((p) => p.id_order),
        next: response.headers.get("x-next-cursor"),
      };
    };
    const first = await page("?limit=2");
    expect(first.ids).toEqual([made[2], made[1]]);
    const second = await page(`?limit=2&cursor=${first.next}`);
    expect(second.ids).toEqual([made[0]]);
    expect((await page("")).ids).toEqual([made[2], made[1], made[0]]);
  });
});
