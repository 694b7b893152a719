import { describe, expect, it } from "vitest";
import type { ChatMessageRecord } from "../../../shared/chat/chat-message.js";
import type { ChatStore } from "../../../shared/chat/chat-repository.js";
import { type ChatOrder, createChatService } from "../../../shared/chat/chat-service.js";
import { DomainError } from "../../../shared/errors/domain-error.js";
import type { Randomness } from "../../../shared/ids/randomness.js";

/** The chat rules with in-memory stores: who may read and write which chat, ids and paging. */

const BUYER = 11;
const OTHER_RESELLER = 12;
const SELLER = 21;
const OTHER_SELLER = 22;

const RESELLER_ORDER = "01ARZ3NDEKTSV4RRFFQ69G5FA1";
const OTHER_RESELLERS_ORDER = "01ARZ3NDEKTSV4RRFFQ69G5FA2";
const STOREFRONT_ORDER = "01ARZ3NDEKTSV4RRFFQ69G5FA3";
/** A storefront order whose registered buyer is BUYER: still no reseller order, so no v2 chat. */
const STOREFRONT_ORDER_OF_BUYER = "01ARZ3NDEKTSV4RRFFQ69G5FA4";
/** An order BUYER sold (as a seller) to another reseller. */
const BUYERS_OWN_SALE = "01ARZ3NDEKTSV4RRFFQ69G5FA5";
const UNKNOWN_ORDER = "01ARZ3NDEKTSV4RRFFQ69G5FA9";

const orders: Record<string, ChatOrder> = {
  [RESELLER_ORDER]: { seller_id: SELLER, channel: "reseller", buyer_account_id: BUYER },
  [OTHER_RESELLERS_ORDER]: { seller_id: SELLER, channel: "reseller", buyer_account_id: OTHER_RESELLER },
  [STOREFRONT_ORDER]: { seller_id: SELLER },
  [STOREFRONT_ORDER_OF_BUYER]: { seller_id: SELLER, channel: "storefront", buyer_account_id: BUYER },
  [BUYERS_OWN_SALE]: { seller_id: BUYER, channel: "reseller", buyer_account_id: OTHER_RESELLER },
};

const NOW = new Date("2026-03-05T07:08:09.123Z");

/** An in-memory chat store with the repository's contract: add refuses an id the chat already holds. */
const memoryChats = () => {
  const messages: ChatMessageRecord[] = [];
  const pages: { orderId: string; offset: number; limit: number }[] = [];
  const store: ChatStore = {
    async add(message) {
      if (messages.some((m) => m.order_id === message.order_id && m.message_id === message.message_id))
        return false;
      messages.push(message);
      return true;
    },
    async page(orderId, offset, limit) {
      pages.push({ orderId, offset, limit });
      return messages
        .filter((m) => m.order_id === orderId)
        .sort((a, b) => a.message_id - b.message_id)
        .slice(offset, offset + limit);
    },
  };
  return { store, messages, pages };
};

/** Randomness whose `bytes` hands out these two-byte values in turn. */
const scriptedBytes = (...values: number[]): Randomness => {
  let next = 0;
  return {
    uuid: () => "00000000-0000-4000-8000-000000000000",
    bytes: (size) => {
      const value = values[Math.min(next++, values.length - 1)] ?? 0;
      const buffer = Buffer.alloc(size);
      buffer.writeUInt16BE(value, 0);
      return buffer;
    },
  };
};

const setup = (random: Randomness = scriptedBytes(1, 2, 3, 4, 5, 6, 7, 8, 9)) => {
  const chats = memoryChats();
  const lookups: string[] = [];
  const service = createChatService({
    chats: chats.store,
    orders: {
      async get(orderId) {
        lookups.push(orderId);
        return orders[orderId];
      },
    },
    now: () => NOW,
    random,
  });
  return { service, chats, lookups };
};

const FIRST_PAGE = { page: 1, limit: 20 };

/** How a call was refused: the domain error's kind, code and message. */
const refusal = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { kind: error.kind, code: error.code, message: error.message };
  }
  throw new Error("the call was not refused");
};

const accessDenied = { kind: "forbidden", code: "forbidden", message: "Access denied" };
const chatNotFound = { kind: "not_found", code: "not_found", message: "Chat not found" };
const orderNotFound = { kind: "not_found", code: "not_found", message: "Order not found or access denied" };

describe("the buyer's side (v2)", () => {
  it("the reseller who bought the order posts as buyer and reads the message back", async () => {
    const { service, chats } = setup();
    expect(await service.postAsBuyer(BUYER, RESELLER_ORDER, " hi\n")).toStrictEqual({
      message_id: NOW.getTime() * 1000 + 1,
      sent: true,
    });
    expect(chats.messages).toStrictEqual([
      {
        message_id: NOW.getTime() * 1000 + 1,
        order_id: RESELLER_ORDER,
        type_user: "buyer",
        message: " hi\n",
        created_at: NOW.toISOString(),
      },
    ]);
    expect(await service.listForBuyer(BUYER, RESELLER_ORDER, FIRST_PAGE)).toStrictEqual({
      items: [
        {
          id: NOW.getTime() * 1000 + 1,
          message_id: NOW.getTime() * 1000 + 1,
          type_user: "buyer",
          from: "buyer",
          message: " hi\n",
          data_create: "2026-03-05",
          time_create: "07:08:09",
        },
      ],
      meta: { page: 1, limit: 20 },
    });
  });

  it.each([
    { rule: "another reseller's order", orderId: OTHER_RESELLERS_ORDER },
    { rule: "a storefront order", orderId: STOREFRONT_ORDER },
    { rule: "a storefront order with the caller as registered buyer", orderId: STOREFRONT_ORDER_OF_BUYER },
    { rule: "the caller's own sale", orderId: BUYERS_OWN_SALE },
  ])(
    "$rule is 403 forbidden 'Access denied' to read and to post, and nothing is written",
    async ({ orderId }) => {
      const { service, chats } = setup();
      expect(await refusal(service.listForBuyer(BUYER, orderId, FIRST_PAGE))).toStrictEqual(accessDenied);
      expect(await refusal(service.postAsBuyer(BUYER, orderId, "hi"))).toStrictEqual(accessDenied);
      expect(chats.messages).toStrictEqual([]);
      expect(chats.pages).toStrictEqual([]);
    },
  );

  it.each([
    { rule: "an unknown order id", chatId: UNKNOWN_ORDER, looked: [UNKNOWN_ORDER] },
    { rule: "a malformed id, which is never looked up", chatId: "not-an-id", looked: [] },
    { rule: "an empty id", chatId: "", looked: [] },
  ])("$rule is 404 not_found 'Chat not found' to read and to post", async ({ chatId, looked }) => {
    const { service, chats, lookups } = setup();
    expect(await refusal(service.listForBuyer(BUYER, chatId, FIRST_PAGE))).toStrictEqual(chatNotFound);
    expect(await refusal(service.postAsBuyer(BUYER, chatId, "hi"))).toStrictEqual(chatNotFound);
    expect(lookups).toStrictEqual([...looked, ...looked]);
    expect(chats.messages).toStrictEqual([]);
  });
});

describe("the seller's side (v1 extension)", () => {
  it("the order's seller posts as seller, on a reseller order and on a storefront order alike", async () => {
    const { service, chats } = setup();
    await service.postAsSeller(SELLER, RESELLER_ORDER, "Key sent");
    await service.postAsSeller(SELLER, STOREFRONT_ORDER, "Thanks");
    expect(chats.messages.map((m) => [m.order_id, m.type_user, m.message])).toStrictEqual([
      [RESELLER_ORDER, "seller", "Key sent"],
      [STOREFRONT_ORDER, "seller", "Thanks"],
    ]);
    expect((await service.listForSeller(SELLER, RESELLER_ORDER, FIRST_PAGE)).items).toHaveLength(1);
  });

  it.each([
    { rule: "another seller's order", sellerId: OTHER_SELLER, orderId: RESELLER_ORDER },
    { rule: "an order the caller bought as a reseller", sellerId: BUYER, orderId: RESELLER_ORDER },
    { rule: "an unknown order", sellerId: SELLER, orderId: UNKNOWN_ORDER },
    { rule: "a malformed id", sellerId: SELLER, orderId: "not-an-id" },
  ])("$rule is 404 'Order not found or access denied' to read and to post", async ({ sellerId, orderId }) => {
    const { service, chats } = setup();
    expect(await refusal(service.listForSeller(sellerId, orderId, FIRST_PAGE))).toStrictEqual(orderNotFound);
    expect(await refusal(service.postAsSeller(sellerId, orderId, "hi"))).toStrictEqual(orderNotFound);
    expect(chats.messages).toStrictEqual([]);
  });
});

describe("one chat, its ids and its pages", () => {
  it("buyer and seller write to the same chat and both read every message, oldest first", async () => {
    const { service } = setup();
    await service.postAsBuyer(BUYER, RESELLER_ORDER, "Where is my key?");
    await service.postAsSeller(SELLER, RESELLER_ORDER, "Sent just now");
    const asBuyer = await service.listForBuyer(BUYER, RESELLER_ORDER, FIRST_PAGE);
    const asSeller = await service.listForSeller(SELLER, RESELLER_ORDER, FIRST_PAGE);
    expect(asBuyer.items.map((m) => [m.from, m.message])).toStrictEqual([
      ["buyer", "Where is my key?"],
      ["seller", "Sent just now"],
    ]);
    expect(asSeller).toStrictEqual(asBuyer);
  });

  it("an id already taken in the chat is drawn again, so the message is still written once", async () => {
    const { service, chats } = setup(scriptedBytes(7, 7, 8));
    const first = await service.postAsBuyer(BUYER, RESELLER_ORDER, "one");
    const second = await service.postAsBuyer(BUYER, RESELLER_ORDER, "two");
    expect([first.message_id, second.message_id]).toStrictEqual([
      NOW.getTime() * 1000 + 7,
      NOW.getTime() * 1000 + 8,
    ]);
    expect(chats.messages.map((m) => m.message)).toStrictEqual(["one", "two"]);
  });

  it("the same id in another chat is no collision", async () => {
    const { service } = setup(scriptedBytes(7));
    await service.postAsSeller(SELLER, RESELLER_ORDER, "one");
    expect((await service.postAsSeller(SELLER, STOREFRONT_ORDER, "two")).message_id).toBe(
      NOW.getTime() * 1000 + 7,
    );
  });

  it("gives up with an internal error after five collisions in a row instead of looping", async () => {
    const { service, chats } = setup(scriptedBytes(7));
    await service.postAsBuyer(BUYER, RESELLER_ORDER, "one");
    await expect(service.postAsBuyer(BUYER, RESELLER_ORDER, "two")).rejects.toThrow(
      `No free chat message id for order ${RESELLER_ORDER} after 5 attempts`,
    );
    expect(chats.messages.map((m) => m.message)).toStrictEqual(["one"]);
  });

  it("page n of size l skips (n − 1) × l messages and meta echoes page and limit", async () => {
    const { service, chats } = setup();
    expect(await service.listForBuyer(BUYER, RESELLER_ORDER, { page: 3, limit: 7 })).toStrictEqual({
      items: [],
      meta: { page: 3, limit: 7 },
    });
    await service.listForSeller(SELLER, RESELLER_ORDER, { page: 1, limit: 100 });
    expect(chats.pages).toStrictEqual([
      { orderId: RESELLER_ORDER, offset: 14, limit: 7 },
      { orderId: RESELLER_ORDER, offset: 0, limit: 100 },
    ]);
  });
});
