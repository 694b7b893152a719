import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../../shared/ids/ids.js";
import { createTestSeller, queryString, type TestSeller, v2Get } from "../../support/catalogue.js";
import { HANG_GUARD_MS } from "../../support/hang-guard.js";
import { request } from "../../support/http.js";
import { paidOrder } from "../../support/orders.js";
import { v2Post } from "../../support/purchases.js";
import { resellerOrder } from "../../support/reseller-orders.js";

/**
 * GET and POST /api/v1/orders/chat/{id_order}: an extension of Seller API v1 (not in the spec), the
 * seller's side of the chat whose buyer side is GET and POST /api/v2/chat/{chat_id}.
 */

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

const chatPath = (orderId: string) => `/api/v1/orders/chat/${orderId}`;
const bearer = (token: string | undefined): Record<string, string> =>
  token === undefined ? {} : { Authorization: `Bearer ${token}` };

/** GET /api/v1/orders/chat/{id_order}: status and body. */
const read = async (token: string | undefined, orderId: string, params: Record<string, string> = {}) => {
  const response = await request("GET", `${chatPath(orderId)}${queryString(params)}`, {
    headers: bearer(token),
  });
  return { status: response.status, body: response.body };
};

/** POST /api/v1/orders/chat/{id_order}: status and body. */
const post = async (token: string | undefined, orderId: string, body: unknown) => {
  const response = await request("POST", chatPath(orderId), {
    headers: { ...bearer(token), "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: response.body };
};

/** Sends a message through one API; it must be accepted. Returns its id. */
const send = async (side: "v1" | "v2", token: string, orderId: string, message: string): Promise<number> => {
  const response =
    side === "v1"
      ? await post(token, orderId, { message })
      : await v2Post(token, `/api/v2/chat/${orderId}`, { message });
  const data = (response.body as { data?: { message_id?: unknown } } | undefined)?.data;
  if (response.status !== 200 || typeof data?.message_id !== "number")
    throw new Error(`send failed: ${response.status} ${JSON.stringify(response.body)}`);
  return data.message_id;
};

/** The buyer's view of the chat through v2: status and data only. */
const readAsBuyer = async (token: string, orderId: string, params: Record<string, string> = {}) => {
  const response = await v2Get(token, `/api/v2/chat/${orderId}${queryString(params)}`);
  return { status: response.status, data: (response.body as { data?: unknown }).data };
};

const success = (data: unknown) => ({ status: 200, body: { status: "success", data } });
const v1Error = (status: number, message: string) => ({ status, body: { status: "error", message } });
const orderNotFound = v1Error(404, "Order not found or access denied");

describe("GET and POST /api/v1/orders/chat/{id_order} (extension)", { timeout: ORDER_TIMEOUT }, () => {
  let buyer: TestSeller;

  beforeAll(async () => {
    buyer = await createTestSeller();
  });

  describe("the order's seller", () => {
    it("reads a chat without messages as {status: success, data: []}", async () => {
      const { orderId, seller } = await resellerOrder(buyer);
      expect(await read(seller.v1, orderId)).toStrictEqual(success([]));
    });

    it("sends a message: {status: success, data: {message_id, sent: true}}, listed as type_user and from 'seller'", async () => {
      const { orderId, seller } = await resellerOrder(buyer);
      const response = await post(seller.v1, orderId, { message: "  Your key: <AAAA-BBBB>\n" });
      const messageId = (response.body as { data: { message_id: number } }).data.message_id;
      expect(response).toStrictEqual(success({ message_id: messageId, sent: true }));
      expect(await read(seller.v1, orderId)).toStrictEqual(
        success([shown(messageId, "seller", "  Your key: <AAAA-BBBB>\n")]),
      );
    });

    it("and the buyer talk in one chat: each sees every message of both, oldest first, in the same view", async () => {
      const { orderId, seller } = await resellerOrder(buyer);
      const question = await send("v2", buyer.v2, orderId, "Is this key for the EU region?");
      const answer = await send("v1", seller.v1, orderId, "Yes, EU and UK.");
      const thanks = await send("v2", buyer.v2, orderId, "Thanks!");
      const conversation = [
        shown(question, "buyer", "Is this key for the EU region?"),
        shown(answer, "seller", "Yes, EU and UK."),
        shown(thanks, "buyer", "Thanks!"),
      ];
      expect(await read(seller.v1, orderId)).toStrictEqual(success(conversation));
      expect(await readAsBuyer(buyer.v2, orderId)).toStrictEqual({ status: 200, data: conversation });
    });

    it("and the buyer writing at once (15 messages each) get 30 distinct ids, all listed on both sides in id order", async () => {
      const { orderId, seller } = await resellerOrder(buyer);
      const posts = Array.from({ length: 30 }, (_, i) =>
        i % 2 === 0
          ? {
              from: "seller" as const,
              text: `seller ${i}`,
              send: () => send("v1", seller.v1, orderId, `seller ${i}`),
            }
          : {
              from: "buyer" as const,
              text: `buyer ${i}`,
              send: () => send("v2", buyer.v2, orderId, `buyer ${i}`),
            },
      );
      const ids = await Promise.all(posts.map((p) => p.send()));
      expect(new Set(ids).size).toBe(30);
      const expected = posts
        .map((p, i) => shown(ids[i] ?? 0, p.from, p.text))
        .sort((a, b) => a.message_id - b.message_id);
      expect(await read(seller.v1, orderId, { limit: "100" })).toStrictEqual(success(expected));
      expect(await readAsBuyer(buyer.v2, orderId, { limit: "100" })).toStrictEqual({
        status: 200,
        data: expected,
      });
    });

    it("pages with page and limit like v2, the page being the data array", async () => {
      const { orderId, seller } = await resellerOrder(buyer);
      const ids: number[] = [];
      for (const text of ["m1", "m2", "m3"]) ids.push(await send("v1", seller.v1, orderId, text));
      const m = ids.map((id, i) => shown(id, "seller", `m${i + 1}`));
      expect(await read(seller.v1, orderId, { limit: "2" })).toStrictEqual(success([m[0], m[1]]));
      expect(await read(seller.v1, orderId, { limit: "2", page: "2" })).toStrictEqual(success([m[2]]));
      expect(await read(seller.v1, orderId, { limit: "2", page: "3" })).toStrictEqual(success([]));
    });

    it("reaches the chat of a storefront order too, which no buyer reads through v2", async () => {
      const storefront = await paidOrder();
      const id = await send("v1", storefront.token, storefront.order.id_order, "Thanks for your order");
      expect(await read(storefront.token, storefront.order.id_order)).toStrictEqual(
        success([shown(id, "seller", "Thanks for your order")]),
      );
    });
  });

  describe("refuses bad input with 400 and the message naming the field, and writes nothing", () => {
    let orderId: string;
    let seller: TestSeller;

    beforeAll(async () => {
      ({ orderId, seller } = await resellerOrder(buyer));
    }, ORDER_TIMEOUT);

    it.each([
      { rule: "an empty message", body: { message: "" }, message: "Field 'message' must not be empty" },
      {
        rule: "a message of only whitespace",
        body: { message: "\r\n  \t" },
        message: "Field 'message' must not be only whitespace",
      },
      {
        rule: "a message over 2000 characters",
        body: { message: "x".repeat(2001) },
        message: "Field 'message' must be at most 2000 characters",
      },
      {
        rule: "a message with an escape character",
        body: { message: "\u001b[2J cleared" },
        message: "Field 'message' must not contain control characters",
      },
      {
        rule: "a message that is not a string",
        body: { message: ["hi"] },
        message: "Field 'message' must be a string",
      },
      { rule: "no message", body: {}, message: "Field 'message' is required" },
      {
        rule: "an unknown key",
        body: { message: "hi", id_order: "x" },
        message: "Field 'id_order' is not allowed",
      },
    ])("$rule", async ({ body, message }) => {
      expect(await post(seller.v1, orderId, body)).toStrictEqual(v1Error(400, message));
    });

    it("unknown and invalid query parameters are 400, named", async () => {
      expect(await read(seller.v1, orderId, { colour: "red" })).toStrictEqual(
        v1Error(400, "Parameter 'colour' is not allowed"),
      );
      expect(await read(seller.v1, orderId, { limit: "101" })).toStrictEqual(
        v1Error(400, "limit must be a whole number from 1 to 100"),
      );
    });

    it("after every refusal the chat is still empty", async () => {
      expect(await read(seller.v1, orderId)).toStrictEqual(success([]));
    });
  });

  describe("only the order's seller reaches it", () => {
    it("another seller, and the reseller who bought the order, get 404 'Order not found or access denied'; nothing is written", async () => {
      const { orderId, seller } = await resellerOrder(buyer);
      const stranger = await createTestSeller();
      for (const token of [stranger.v1, buyer.v1]) {
        expect(await read(token, orderId)).toStrictEqual(orderNotFound);
        expect(await post(token, orderId, { message: "let me in" })).toStrictEqual(orderNotFound);
      }
      expect(await read(seller.v1, orderId)).toStrictEqual(success([]));
    });

    it.each([
      { rule: "an unknown order id", orderId: newId() },
      { rule: "a malformed id", orderId: "not-an-id" },
    ])("$rule is 404 'Order not found or access denied' to read and to post", async ({ orderId }) => {
      const seller = await createTestSeller();
      expect(await read(seller.v1, orderId)).toStrictEqual(orderNotFound);
      expect(await post(seller.v1, orderId, { message: "anyone?" })).toStrictEqual(orderNotFound);
    });

    it("without a token, or with a v2 token, both routes are 401 Unauthorized", async () => {
      const { orderId, seller } = await resellerOrder(buyer);
      for (const token of [undefined, seller.v2]) {
        expect(await read(token, orderId)).toStrictEqual(v1Error(401, "Unauthorized"));
        expect(await post(token, orderId, { message: "hi" })).toStrictEqual(v1Error(401, "Unauthorized"));
      }
      expect(await read(seller.v1, orderId)).toStrictEqual(success([]));
    });
  });
});
