import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../../shared/ids/ids.js";
import { tokenFor } from "../../support/accounts.js";
import {
  createTestSeller,
  invalidParameter,
  queryString,
  type TestSeller,
  unauthorized,
  v2Error,
  v2Get,
} from "../../support/catalogue.js";
import { HANG_GUARD_MS } from "../../support/hang-guard.js";
import { request } from "../../support/http.js";
import { paidOrder } from "../../support/orders.js";
import { v2Post } from "../../support/purchases.js";
import { resellerOrder } from "../../support/reseller-orders.js";

/** Creating a paid order (seller, product, image, approval, payment) takes a few seconds, more on a busy machine. */
const ORDER_TIMEOUT = HANG_GUARD_MS;

/** A message as both APIs list it; its date and time are those its id encodes (milliseconds × 1000). */
const shown = (messageId: number, from: "buyer" | "seller", message: string) => {
  const at = new Date(Math.floor(messageId / 1000)).toISOString();
  return {
    id: messageId,
    message_id: messageId,
    type_user: from,
    from,
    message,
    data_create: at.slice(0, 10),
    time_create: at.slice(11, 19),
  };
};

const chatPath = (chatId: string) => `/api/v2/chat/${chatId}`;

/** GET /api/v2/chat/{chat_id}: status and body. */
const read = async (token: string | undefined, chatId: string, params: Record<string, string> = {}) => {
  const response = await v2Get(token, `${chatPath(chatId)}${queryString(params)}`);
  return { status: response.status, body: response.body };
};

/** POST /api/v2/chat/{chat_id}: status and body. */
const post = async (token: string | undefined, chatId: string, body: unknown) => {
  const response = await v2Post(token, chatPath(chatId), body);
  return { status: response.status, body: response.body };
};

/** POSTs a message that must be accepted; returns its id. */
const send = async (token: string, chatId: string, message: string): Promise<number> => {
  const response = await post(token, chatId, { message });
  const data = (response.body as { data?: { message_id?: unknown } } | undefined)?.data;
  if (response.status !== 200 || typeof data?.message_id !== "number")
    throw new Error(`send failed: ${response.status} ${JSON.stringify(response.body)}`);
  return data.message_id;
};

/** The answer of a page of a chat. */
const page = (data: unknown[], meta: { page: number; limit: number } = { page: 1, limit: 20 }) => ({
  status: 200,
  body: { ok: true, data, meta },
});

const accessDenied = { status: 403, body: v2Error(403, "forbidden", "Access denied") };
const chatNotFound = { status: 404, body: v2Error(404, "not_found", "Chat not found") };

/** The exact 422 of one bad body field. */
const invalidField = (field: string, message: string) => ({
  status: 422,
  body: v2Error(422, "invalid_request", message, { issues: [{ field, message }] }),
});

describe("GET and POST /api/v2/chat/{chat_id}", { timeout: ORDER_TIMEOUT }, () => {
  let buyer: TestSeller;

  beforeAll(async () => {
    buyer = await createTestSeller();
  });

  describe("the reseller who bought the order", () => {
    it("reads a chat without messages as 200 with data [] and meta {page: 1, limit: 20}", async () => {
      const { orderId } = await resellerOrder(buyer);
      expect(await read(buyer.v2, orderId)).toStrictEqual(page([]));
    });

    it("sends a message: 200 {message_id, sent: true}; it is listed as type_user and from 'buyer' with the spec's fields", async () => {
      const { orderId } = await resellerOrder(buyer);
      const before = Date.now();
      const response = await post(buyer.v2, orderId, { message: "Hello, is the key region-free?" });
      const after = Date.now();
      const messageId = (response.body as { data: { message_id: number } }).data.message_id;
      expect(response).toStrictEqual({
        status: 200,
        body: { ok: true, data: { message_id: messageId, sent: true }, meta: {} },
      });
      expect(Number.isSafeInteger(messageId)).toBe(true);
      expect(Math.floor(messageId / 1000)).toBeGreaterThanOrEqual(before);
      expect(Math.floor(messageId / 1000)).toBeLessThanOrEqual(after);
      expect(await read(buyer.v2, orderId)).toStrictEqual(
        page([shown(messageId, "buyer", "Hello, is the key region-free?")]),
      );
    });

    it("messages are stored and shown exactly as sent: no trimming, no HTML stripping, line breaks and emoji kept", async () => {
      const { orderId } = await resellerOrder(buyer);
      const texts = [
        "  padded both sides  ",
        "<b>bold</b> <script>alert('x')</script> &amp; \"quotes\" \\ back",
        "line one\r\n\tindented\nline three\n",
        "Спасибо 👍🏽 谢谢",
      ];
      const ids: number[] = [];
      for (const text of texts) ids.push(await send(buyer.v2, orderId, text));
      expect(await read(buyer.v2, orderId)).toStrictEqual(
        page(texts.map((text, i) => shown(ids[i] ?? 0, "buyer", text))),
      );
    });

    it("2000 characters are accepted, counting an emoji as one; 2001 are 422", async () => {
      const { orderId } = await resellerOrder(buyer);
      const longest = "😀".repeat(2000);
      const id = await send(buyer.v2, orderId, longest);
      expect(await post(buyer.v2, orderId, { message: "a".repeat(2001) })).toStrictEqual(
        invalidField("message", "Field 'message' must be at most 2000 characters"),
      );
      expect(await read(buyer.v2, orderId)).toStrictEqual(page([shown(id, "buyer", longest)]));
    });

    it("pages oldest first: page n of limit l skips (n − 1) × l messages; past the end is an empty page", async () => {
      const { orderId } = await resellerOrder(buyer);
      const ids: number[] = [];
      for (const text of ["m1", "m2", "m3", "m4", "m5"]) ids.push(await send(buyer.v2, orderId, text));
      const m = ids.map((id, i) => shown(id, "buyer", `m${i + 1}`));
      expect(await read(buyer.v2, orderId, { limit: "2" })).toStrictEqual(
        page([m[0], m[1]], { page: 1, limit: 2 }),
      );
      expect(await read(buyer.v2, orderId, { limit: "2", page: "2" })).toStrictEqual(
        page([m[2], m[3]], { page: 2, limit: 2 }),
      );
      expect(await read(buyer.v2, orderId, { limit: "2", page: "3" })).toStrictEqual(
        page([m[4]], { page: 3, limit: 2 }),
      );
      expect(await read(buyer.v2, orderId, { limit: "2", page: "4" })).toStrictEqual(
        page([], { page: 4, limit: 2 }),
      );
      expect(await read(buyer.v2, orderId, { page: "1", limit: "100" })).toStrictEqual(
        page(m, { page: 1, limit: 100 }),
      );
    });

    it("20 messages sent at once (a sender's rate) get 20 distinct ids and are all listed, in id order", async () => {
      const { orderId } = await resellerOrder(buyer);
      const texts = Array.from({ length: 20 }, (_, i) => `parallel ${i}`);
      const ids = await Promise.all(texts.map((text) => send(buyer.v2, orderId, text)));
      expect(new Set(ids).size).toBe(20);
      const listed = await read(buyer.v2, orderId, { limit: "100" });
      const expected = texts
        .map((text, i) => shown(ids[i] ?? 0, "buyer", text))
        .sort((a, b) => a.message_id - b.message_id);
      expect(listed).toStrictEqual(page(expected, { page: 1, limit: 100 }));
    });
  });

  describe("refuses bad input with 422 invalid_request naming the field, and writes nothing", () => {
    let orderId: string;

    beforeAll(async () => {
      ({ orderId } = await resellerOrder(buyer));
    }, ORDER_TIMEOUT);

    it.each([
      { rule: "an empty message", body: { message: "" }, message: "Field 'message' must not be empty" },
      {
        rule: "a message of only whitespace",
        body: { message: " \n\t " },
        message: "Field 'message' must not be only whitespace",
      },
      {
        rule: "a message with a control character",
        body: { message: "hi\u0000there" },
        message: "Field 'message' must not contain control characters",
      },
      {
        rule: "a message with a bidi override",
        body: { message: "invoice\u202egnp.exe" },
        message: "Field 'message' must not contain control characters",
      },
      {
        rule: "a message that is a number",
        body: { message: 5 },
        message: "Field 'message' must be a string",
      },
      {
        rule: "a message that is null",
        body: { message: null },
        message: "Field 'message' must be a string",
      },
      { rule: "no message", body: {}, message: "Field 'message' is required" },
    ])("$rule", async ({ body, message }) => {
      expect(await post(buyer.v2, orderId, body)).toStrictEqual(invalidField("message", message));
    });

    it("an unknown body key is refused and named, even beside a valid message", async () => {
      expect(await post(buyer.v2, orderId, { message: "hi", type_user: "seller" })).toStrictEqual(
        invalidField("type_user", "Field 'type_user' is not allowed"),
      );
    });

    it("a body that is not a JSON object is 422 'Request body must be a JSON object'", async () => {
      expect(await post(buyer.v2, orderId, ["hi"])).toStrictEqual(
        invalidField("", "Request body must be a JSON object"),
      );
      expect(await post(buyer.v2, orderId, "")).toStrictEqual(
        invalidField("", "Request body must be a JSON object"),
      );
    });

    it("a body that is not JSON is 400 invalid_request 'Invalid JSON'", async () => {
      expect(await post(buyer.v2, orderId, "{message:")).toStrictEqual({
        status: 400,
        body: v2Error(400, "invalid_request", "Invalid JSON"),
      });
    });

    it("unknown and invalid query parameters are 422, each named", async () => {
      expect(await read(buyer.v2, orderId, { colour: "red" })).toStrictEqual({
        status: 422,
        body: invalidParameter("colour", "Parameter 'colour' is not allowed"),
      });
      expect(await read(buyer.v2, orderId, { limit: "0" })).toStrictEqual({
        status: 422,
        body: invalidParameter("limit", "limit must be a whole number from 1 to 100"),
      });
      expect(await read(buyer.v2, orderId, { page: "0" })).toStrictEqual({
        status: 422,
        body: invalidParameter("page", "page must be a whole number from 1 to 10000"),
      });
    });

    it("after every refusal the chat is still empty", async () => {
      expect(await read(buyer.v2, orderId)).toStrictEqual(page([]));
    });
  });

  describe("only the reseller who bought the order reaches its chat", () => {
    it("another reseller's order is 403 forbidden 'Access denied' to read and to post, and their post is not written", async () => {
      const { orderId } = await resellerOrder(buyer);
      const stranger = await createTestSeller();
      expect(await read(stranger.v2, orderId)).toStrictEqual(accessDenied);
      expect(await post(stranger.v2, orderId, { message: "let me in" })).toStrictEqual(accessDenied);
      expect(await read(buyer.v2, orderId)).toStrictEqual(page([]));
    });

    it("the seller's own sale is 403 'Access denied' through v2: the seller's side is the v1 extension", async () => {
      const { orderId, seller } = await resellerOrder(buyer);
      expect(await read(seller.v2, orderId)).toStrictEqual(accessDenied);
      expect(await post(seller.v2, orderId, { message: "as buyer?" })).toStrictEqual(accessDenied);
      expect(await read(buyer.v2, orderId)).toStrictEqual(page([]));
    });

    it("a storefront order is 403 'Access denied', to a reseller and to its own seller", async () => {
      const storefront = await paidOrder();
      const sellerV2 = await tokenFor(storefront.account.api_key, "v2");
      for (const token of [buyer.v2, sellerV2]) {
        expect(await read(token, storefront.order.id_order)).toStrictEqual(accessDenied);
        expect(await post(token, storefront.order.id_order, { message: "hello" })).toStrictEqual(
          accessDenied,
        );
      }
    });

    it.each([
      { rule: "an unknown order id", chatId: newId() },
      { rule: "a malformed id", chatId: "not-an-id" },
      { rule: "an id in lower case", chatId: newId().toLowerCase() },
      { rule: "an encoded space", chatId: "%20" },
    ])("$rule is 404 not_found 'Chat not found' to read and to post", async ({ chatId }) => {
      expect(await read(buyer.v2, chatId)).toStrictEqual(chatNotFound);
      expect(await post(buyer.v2, chatId, { message: "anyone?" })).toStrictEqual(chatNotFound);
    });

    it("without a token, or with a v1 token, both routes are 401 unauthorized", async () => {
      const { orderId } = await resellerOrder(buyer);
      for (const token of [undefined, buyer.v1]) {
        expect(await read(token, orderId)).toStrictEqual({ status: 401, body: unauthorized });
        expect(await post(token, orderId, { message: "hi" })).toStrictEqual({
          status: 401,
          body: unauthorized,
        });
      }
      const garbage = await request("GET", chatPath(orderId), { headers: { Authorization: "Bearer nope" } });
      expect({ status: garbage.status, body: garbage.body }).toStrictEqual({
        status: 401,
        body: unauthorized,
      });
      expect(await read(buyer.v2, orderId)).toStrictEqual(page([]));
    });
  });
});
