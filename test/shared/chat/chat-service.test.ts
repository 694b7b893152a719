import { describe, expect, it } from "vitest";
import { MAX_CHAT_MESSAGES } from "../../../shared/chat/chat-limits.js";
import type { ChatMessageRecord } from "../../../shared/chat/chat-message.js";
import type { ChatStore } from "../../../shared/chat/chat-repository.js";
import { type ChatOrder, createChatService } from "../../../shared/chat/chat-service.js";
import { DomainError } from "../../../shared/errors/domain-error.js";
import type { RateLimiter } from "../../../shared/limits/rate-limiter.js";

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

/** An in-memory chat store with the repository's contract: a message takes its position only if no message holds it. */
const memoryChats = () => {
  const messages: ChatMessageRecord[] = [];
  const ranges: { orderId: string; from: number; to: number; viewer: string }[] = [];
  /** Messages another writer slips in before the next append, to play a race. */
  const interlopers: ChatMessageRecord[] = [];
  const lengthOf = (orderId: string) => messages.filter((m) => m.order_id === orderId).length;
  const store: ChatStore = {
    async length(orderId) {
      return lengthOf(orderId);
    },
    async append(message) {
      const interloper = interlopers.shift();
      if (interloper) messages.push({ ...interloper, position: lengthOf(interloper.order_id) + 1 });
      if (messages.some((m) => m.order_id === message.order_id && m.position === message.position))
        return "taken";
      messages.push(message);
      return "appended";
    },
    async range(orderId, from, to, viewer) {
      ranges.push({ orderId, from, to, viewer });
      return messages
        .filter((m) => m.order_id === orderId && m.position >= from && m.position <= to)
        .filter((m) => viewer === "buyer" || m.audience === undefined);
    },
  };
  return { store, messages, ranges, interlopers };
};

/** A limiter that grants until `allowed` takes of one subject, recording what it was asked. */
const countingLimiter = (allowed = Number.POSITIVE_INFINITY) => {
  const taken: [string, string][] = [];
  const limiter: RateLimiter = {
    async take(rule, subject) {
      taken.push([rule.name, subject]);
      const count = taken.filter(([, s]) => s === subject).length;
      return count <= allowed ? { granted: true } : { granted: false, retryAfterSeconds: 42 };
    },
  };
  return { limiter, taken };
};

const senderLimit = { name: "CHAT#sender", limit: 20, windowSeconds: 60 };

const setup = (options: { allowed?: number; orders?: Record<string, ChatOrder> } = {}) => {
  const chats = memoryChats();
  const lookups: string[] = [];
  const limits = countingLimiter(options.allowed);
  const known = options.orders ?? orders;
  const service = createChatService({
    chats: chats.store,
    orders: {
      async get(orderId) {
        lookups.push(orderId);
        return known[orderId];
      },
    },
    limiter: limits.limiter,
    senderLimit,
    now: () => NOW,
  });
  return { service, chats, lookups, taken: limits.taken };
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
        position: 1,
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
      expect(chats.ranges).toStrictEqual([]);
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

  it("ids are the millisecond time × 1000 plus the position, so one chat's ids never repeat", async () => {
    const { service } = setup();
    const first = await service.postAsBuyer(BUYER, RESELLER_ORDER, "one");
    const second = await service.postAsSeller(SELLER, RESELLER_ORDER, "two");
    expect([first.message_id, second.message_id]).toStrictEqual([
      NOW.getTime() * 1000 + 1,
      NOW.getTime() * 1000 + 2,
    ]);
  });

  it("a message that loses its position to another takes the next one, and both are kept in order", async () => {
    const { service, chats } = setup();
    await service.postAsBuyer(BUYER, RESELLER_ORDER, "one");
    chats.interlopers.push({
      ...chats.messages[0],
      type_user: "seller",
      message: "meanwhile",
    } as ChatMessageRecord);
    await service.postAsBuyer(BUYER, RESELLER_ORDER, "two");
    expect(chats.messages.map((m) => [m.position, m.message])).toStrictEqual([
      [1, "one"],
      [2, "meanwhile"],
      [3, "two"],
    ]);
  });

  it(`refuses people's messages once the chat holds ${MAX_CHAT_MESSAGES}: 409 chat_full, nothing written`, async () => {
    const { service, chats } = setup();
    for (let position = 1; position <= MAX_CHAT_MESSAGES; position++) {
      chats.messages.push({
        message_id: position,
        order_id: RESELLER_ORDER,
        position,
        type_user: "buyer",
        message: "m",
        created_at: NOW.toISOString(),
      });
    }
    for (const post of [
      service.postAsBuyer(BUYER, RESELLER_ORDER, "one more"),
      service.postAsSeller(SELLER, RESELLER_ORDER, "one more"),
    ]) {
      expect(await refusal(post)).toStrictEqual({
        kind: "conflict",
        code: "chat_full",
        message: `Chat is full (max ${MAX_CHAT_MESSAGES} messages)`,
      });
    }
    expect(chats.messages).toHaveLength(MAX_CHAT_MESSAGES);
  });

  it("counts each sender's messages in their own window of this chat, and refuses past it with 429 and its Retry-After", async () => {
    const { service, chats, taken } = setup({ allowed: 2 });
    await service.postAsBuyer(BUYER, RESELLER_ORDER, "1");
    await service.postAsBuyer(BUYER, RESELLER_ORDER, "2");
    const refused = service.postAsBuyer(BUYER, RESELLER_ORDER, "3");
    await expect(refused).rejects.toMatchObject({
      kind: "rate_limited",
      code: "too_many_requests",
      retryAfterSeconds: 42,
    });
    // The seller of the same chat, and the buyer in another chat, have windows of their own.
    await service.postAsSeller(SELLER, RESELLER_ORDER, "4");
    await service.postAsSeller(SELLER, STOREFRONT_ORDER, "5");
    expect(taken).toStrictEqual([
      ["CHAT#sender", `${BUYER}#${RESELLER_ORDER}`],
      ["CHAT#sender", `${BUYER}#${RESELLER_ORDER}`],
      ["CHAT#sender", `${BUYER}#${RESELLER_ORDER}`],
      ["CHAT#sender", `${SELLER}#${RESELLER_ORDER}`],
      ["CHAT#sender", `${SELLER}#${STOREFRONT_ORDER}`],
    ]);
    expect(chats.messages.map((m) => m.message)).toStrictEqual(["1", "2", "4", "5"]);
  });

  it("tells a stranger 403/404 before anything about the chat's rate or fullness", async () => {
    const { service } = setup({ allowed: 0 });
    expect(await refusal(service.postAsBuyer(OTHER_RESELLER, RESELLER_ORDER, "hi"))).toStrictEqual(
      accessDenied,
    );
    expect(await refusal(service.postAsSeller(OTHER_SELLER, RESELLER_ORDER, "hi"))).toStrictEqual(
      orderNotFound,
    );
  });

  it("page n of size l is the positions after (n − 1) × l, one range, and meta echoes page and limit", async () => {
    const { service, chats } = setup();
    expect(await service.listForBuyer(BUYER, RESELLER_ORDER, { page: 3, limit: 7 })).toStrictEqual({
      items: [],
      meta: { page: 3, limit: 7 },
    });
    await service.listForSeller(SELLER, RESELLER_ORDER, { page: 1, limit: 100 });
    expect(chats.ranges).toStrictEqual([
      { orderId: RESELLER_ORDER, from: 15, to: 21, viewer: "buyer" },
      { orderId: RESELLER_ORDER, from: 1, to: 100, viewer: "seller" },
    ]);
  });

  it("the seller's pages start after the messages only the buyer reads (a gift's code)", async () => {
    const gift = { ...orders[RESELLER_ORDER], chat_buyer_only: 1 } as ChatOrder;
    const { service, chats } = setup({ orders: { [RESELLER_ORDER]: gift } });
    chats.messages.push({
      message_id: 1,
      order_id: RESELLER_ORDER,
      position: 1,
      type_user: "system",
      message: "Gift code: X",
      created_at: NOW.toISOString(),
      audience: "buyer",
    });
    await service.postAsSeller(SELLER, RESELLER_ORDER, "hello");
    await service.postAsBuyer(BUYER, RESELLER_ORDER, "thanks");
    const seller = await service.listForSeller(SELLER, RESELLER_ORDER, { page: 1, limit: 1 });
    const sellerNext = await service.listForSeller(SELLER, RESELLER_ORDER, { page: 2, limit: 1 });
    const buyer = await service.listForBuyer(BUYER, RESELLER_ORDER, { page: 1, limit: 3 });
    expect(seller.items.map((m) => m.message)).toStrictEqual(["hello"]);
    expect(sellerNext.items.map((m) => m.message)).toStrictEqual(["thanks"]);
    expect(buyer.items.map((m) => m.message)).toStrictEqual(["Gift code: X", "hello", "thanks"]);
  });
});
