import { BatchWriteCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { DEFAULT_CHAT_MESSAGES_PER_MINUTE, MAX_CHAT_MESSAGES } from "../../../shared/chat/chat-limits.js";
import { newChatMessage } from "../../../shared/chat/chat-message.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { queryAll } from "../../../shared/data/query-all.js";
import { collections, keys } from "../../../shared/data/table-keys.js";
import { MAX_DISPUTES_PER_ORDER } from "../../../shared/orders/buyer-order-service.js";
import { createTestSeller, queryString, type TestSeller, v2Error, v2Get } from "../../support/catalogue.js";
import { type JsonResponse, request } from "../../support/http.js";
import { chatOf, v2Post } from "../../support/purchases.js";
import { resellerOrder } from "../../support/reseller-orders.js";

const postV2 = (token: string, orderId: string, message: string) =>
  v2Post(token, `/api/v2/chat/${orderId}`, { message });
const postV1 = (token: string, orderId: string, message: string) =>
  request("POST", `/api/v1/orders/chat/${orderId}`, {
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ message }),
  });

/** Statuses of answers, counted: e.g. {200: 20, 429: 5}. */
const tally = (responses: JsonResponse[]) => {
  const counts: Record<number, number> = {};
  for (const { status } of responses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

/** Positions of an order's stored chat messages, in key order. */
const positionsOf = async (orderId: string): Promise<number[]> => {
  const { PK, skPrefix } = collections.chat(orderId);
  const items = await queryAll(createDocumentClient(), {
    TableName: requireEnv("TABLE_NAME"),
    KeyConditionExpression: "PK = :pk AND begins_with(SK, :prefix)",
    ExpressionAttributeValues: { ":pk": PK, ":prefix": skPrefix },
    ConsistentRead: true,
  });
  return items.map((item) => Number(item.position));
};

/** Waits into the next minute when this one ends within 15 s, so a burst falls in one fixed window. */
const awayFromWindowEdge = async () => {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 200));
};

/** Fills an order's chat with `n` buyer messages at positions 1 … n, as appends leave them. */
const fillChat = async (orderId: string, n: number) => {
  const client = createDocumentClient();
  const table = requireEnv("TABLE_NAME");
  const at = new Date();
  const items = Array.from({ length: n }, (_, i) => ({
    ...keys.chatMessage(orderId, i + 1),
    entity: "chat_message",
    ...newChatMessage(orderId, "buyer", `filler ${i + 1}`, at, i + 1),
  }));
  for (let i = 0; i < items.length; i += 25) {
    let batch: { PutRequest: { Item: Record<string, unknown> } }[] = items
      .slice(i, i + 25)
      .map((Item) => ({ PutRequest: { Item } }));
    while (batch.length > 0) {
      const result = await client.send(new BatchWriteCommand({ RequestItems: { [table]: batch } }));
      batch = (result.UnprocessedItems?.[table] ?? []).flatMap((r) =>
        r.PutRequest?.Item ? [{ PutRequest: { Item: r.PutRequest.Item } }] : [],
      );
    }
  }
};

describe("an order chat's bounds", () => {
  let buyer: TestSeller;

  beforeAll(async () => {
    buyer = await createTestSeller();
  });

  it(`lets one sender write ${DEFAULT_CHAT_MESSAGES_PER_MINUTE} messages a minute to one chat, then 429 with Retry-After in each version's envelope; the other side is not slowed`, async () => {
    const { orderId, seller } = await resellerOrder(buyer);
    const extra = 5;
    await awayFromWindowEdge();
    const fromBuyer = await Promise.all(
      Array.from({ length: DEFAULT_CHAT_MESSAGES_PER_MINUTE + extra }, (_, i) =>
        postV2(buyer.v2, orderId, `b${i}`),
      ),
    );
    expect(tally(fromBuyer)).toEqual({ 200: DEFAULT_CHAT_MESSAGES_PER_MINUTE, 429: extra });
    for (const response of fromBuyer.filter((r) => r.status === 429)) {
      expect(response.body).toEqual(v2Error(429, "too_many_requests", "Too many requests"));
      const retryAfter = Number(response.headers.get("retry-after"));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    }
    // The seller of the same chat writes within a window of their own, in the v1 envelope.
    await awayFromWindowEdge();
    const fromSeller = await Promise.all(
      Array.from({ length: DEFAULT_CHAT_MESSAGES_PER_MINUTE + extra }, (_, i) =>
        postV1(seller.v1, orderId, `s${i}`),
      ),
    );
    expect(tally(fromSeller)).toEqual({ 200: DEFAULT_CHAT_MESSAGES_PER_MINUTE, 429: extra });
    for (const response of fromSeller.filter((r) => r.status === 429)) {
      expect(response.body).toEqual({ status: "error", message: "Too many requests" });
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }
    // Every accepted message, and only those, is in the chat, at positions 1 … n without a hole.
    const accepted = 2 * DEFAULT_CHAT_MESSAGES_PER_MINUTE;
    expect(await positionsOf(orderId)).toEqual(Array.from({ length: accepted }, (_, i) => i + 1));
  });

  it(`holds at most ${MAX_CHAT_MESSAGES} messages exactly when both sides race for the last places: 409 chat_full for the rest`, async () => {
    const { orderId, seller } = await resellerOrder(buyer);
    await fillChat(orderId, MAX_CHAT_MESSAGES - 10);
    const responses = await Promise.all([
      ...Array.from({ length: 15 }, (_, i) => postV2(buyer.v2, orderId, `last b${i}`)),
      ...Array.from({ length: 15 }, (_, i) => postV1(seller.v1, orderId, `last s${i}`)),
    ]);
    expect(tally(responses)).toEqual({ 200: 10, 409: 20 });
    const full = responses.filter((r) => r.status === 409);
    const message = `Chat is full (max ${MAX_CHAT_MESSAGES} messages)`;
    for (const response of full) {
      expect(response.body).toEqual(
        response.body && (response.body as { ok?: boolean }).ok === false
          ? v2Error(409, "chat_full", message)
          : { status: "error", message },
      );
    }
    const stored = await chatOf(orderId);
    expect(stored).toHaveLength(MAX_CHAT_MESSAGES);
    expect(stored.slice(-10).every(([, text]) => text.startsWith("last "))).toBe(true);
    // The last page is the last 100 positions, read as one range.
    const last = await v2Get(buyer.v2, `/api/v2/chat/${orderId}${queryString({ page: "10", limit: "100" })}`);
    const data = (last.body as { data: { message: string }[] }).data;
    expect(data).toHaveLength(100);
    expect(data[0]?.message).toBe("filler 901");
  });

  it("keeps pages within page × limit ≤ 10000, as search and history do, in both versions", async () => {
    const { orderId, seller } = await resellerOrder(buyer);
    const v2 = await v2Get(buyer.v2, `/api/v2/chat/${orderId}${queryString({ page: "101", limit: "100" })}`);
    expect({ status: v2.status, body: v2.body }).toEqual({
      status: 422,
      body: v2Error(422, "invalid_request", "page × limit must not exceed 10000", {
        issues: [{ field: "page", message: "page × limit must not exceed 10000" }],
      }),
    });
    const v1 = await request("GET", `/api/v1/orders/chat/${orderId}?page=10000&limit=100`, {
      headers: { Authorization: `Bearer ${seller.v1}` },
    });
    expect({ status: v1.status, body: v1.body }).toEqual({
      status: 400,
      body: { status: "error", message: "page × limit must not exceed 10000" },
    });
    const atTheEdge = await v2Get(
      buyer.v2,
      `/api/v2/chat/${orderId}${queryString({ page: "100", limit: "100" })}`,
    );
    expect(atTheEdge.status).toBe(200);
  });

  it(`bounds disputes: ${MAX_DISPUTES_PER_ORDER} open/close cycles, then 409 dispute_limit; the chat's dispute events stay in step`, async () => {
    const { orderId } = await resellerOrder(buyer);
    const dispute = (action: "open" | "close") =>
      v2Post(buyer.v2, "/api/v2/dispute", { order_id: orderId, action });
    for (let i = 0; i < MAX_DISPUTES_PER_ORDER; i++) {
      expect((await dispute("open")).status).toBe(200);
      expect((await dispute("close")).status).toBe(200);
    }
    const refused = await dispute("open");
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 409,
      body: v2Error(
        409,
        "dispute_limit",
        `This order has had ${MAX_DISPUTES_PER_ORDER} disputes; no more can be opened`,
      ),
    });
    const events = (await chatOf(orderId)).map(([, text]) => text);
    expect(events).toEqual(
      Array.from({ length: MAX_DISPUTES_PER_ORDER }, () => [
        "Dispute opened by the buyer",
        "Dispute closed by the buyer",
      ]).flat(),
    );
  });

  it("a dispute racing chat messages takes positions after them: every message kept once, no hole", async () => {
    const { orderId, seller } = await resellerOrder(buyer);
    const responses = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => postV1(seller.v1, orderId, `s${i}`)),
      v2Post(buyer.v2, "/api/v2/dispute", { order_id: orderId, action: "open", message: "The key was used" }),
      ...Array.from({ length: 8 }, (_, i) => postV2(buyer.v2, orderId, `b${i}`)),
    ]);
    expect(responses.map((r) => r.status)).toEqual(Array(17).fill(200));
    const stored = await chatOf(orderId);
    expect(stored).toHaveLength(18);
    const texts = stored.map(([, text]) => text);
    expect(new Set(texts).size).toBe(18);
    // The dispute's event and its reason stand together, in that order.
    const event = texts.indexOf("Dispute opened by the buyer");
    expect(texts[event + 1]).toBe("The key was used");
  });
});
