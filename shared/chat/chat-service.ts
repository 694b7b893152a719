import { forbidden, notFound } from "../errors/domain-error.js";
import { isId } from "../ids/ids.js";
import type { Randomness } from "../ids/randomness.js";
import type { Clock } from "../time/clock.js";
import { type ChatAuthor, type ChatMessageView, chatMessageView, newChatMessage } from "./chat-message.js";
import type { ChatStore } from "./chat-repository.js";

/**
 * What the chat reads of an order: who sold it and who bought it through which channel. Declared here
 * rather than imported from `shared/orders` (whose `OrderStore.get` satisfies it), because order rules
 * such as disputes write chat messages, and the two folders must not depend on each other both ways.
 */
export interface ChatOrder {
  readonly seller_id: number;
  readonly channel?: "storefront" | "reseller" | undefined;
  readonly buyer_account_id?: number | undefined;
}

/** Where the chat finds an order by its id. */
export interface ChatOrders {
  get(orderId: string): Promise<ChatOrder | undefined>;
}

/** One page of a chat, oldest message first. */
export interface ChatPage {
  readonly items: ChatMessageView[];
  readonly meta: { readonly page: number; readonly limit: number };
}

/** What a sent message answers. */
export interface ChatSent {
  readonly message_id: number;
  readonly sent: true;
}

/** Which page of a chat to read. */
export interface ChatPageQuery {
  readonly page: number;
  readonly limit: number;
}

/** Attempts at a free message id; two in a row colliding is already a one-in-a-million event. */
const MAX_ID_ATTEMPTS = 5;

const chatNotFound = () => notFound("Chat not found");
/** v1's wording for an order the seller cannot see, as GET /orders/info/{id} has it. */
const sellerOrderNotFound = () => notFound("Order not found or access denied");

/**
 * Order chats: one per order, its id the order's. The reseller who bought the order talks in it
 * through v2 (`buyer`), the order's seller through the v1 extension (`seller`); the service itself
 * writes `system` messages beside purchases and disputes.
 */
export const createChatService = (deps: {
  chats: ChatStore;
  orders: ChatOrders;
  now: Clock;
  random: Randomness;
}) => {
  /** The order behind a chat, if the reseller bought it; another's existing order is 403, none is 404. */
  const buyersOrder = async (buyerId: number, chatId: string): Promise<string> => {
    const order = isId(chatId) ? await deps.orders.get(chatId) : undefined;
    if (!order) throw chatNotFound();
    if (order.channel !== "reseller" || order.buyer_account_id !== buyerId) throw forbidden("Access denied");
    return chatId;
  };

  /** The seller's order; another seller's is indistinguishable from a missing one, as everywhere in v1. */
  const sellersOrder = async (sellerId: number, orderId: string): Promise<string> => {
    const order = isId(orderId) ? await deps.orders.get(orderId) : undefined;
    if (!order || order.seller_id !== sellerId) throw sellerOrderNotFound();
    return orderId;
  };

  const read = async (
    orderId: string,
    { page, limit }: ChatPageQuery,
    viewer: "buyer" | "seller",
  ): Promise<ChatPage> => {
    const messages = await deps.chats.page(orderId, (page - 1) * limit, limit, viewer);
    return { items: messages.map(chatMessageView), meta: { page, limit } };
  };

  /** Writes the message under a fresh id; an id taken meanwhile fails its conditional put and is drawn again. */
  const send = async (orderId: string, author: ChatAuthor, text: string): Promise<ChatSent> => {
    for (let attempt = 1; attempt <= MAX_ID_ATTEMPTS; attempt++) {
      const message = newChatMessage(orderId, author, text, deps.now(), deps.random.bytes(2));
      if (await deps.chats.add(message)) return { message_id: message.message_id, sent: true };
    }
    throw new Error(`No free chat message id for order ${orderId} after ${MAX_ID_ATTEMPTS} attempts`);
  };

  return {
    /** GET /chat/{chat_id} (v2): the buyer reads a page of their order's chat. */
    async listForBuyer(buyerId: number, chatId: string, query: ChatPageQuery): Promise<ChatPage> {
      return read(await buyersOrder(buyerId, chatId), query, "buyer");
    },

    /** POST /chat/{chat_id} (v2): the buyer writes to their order's chat. */
    async postAsBuyer(buyerId: number, chatId: string, text: string): Promise<ChatSent> {
      return send(await buyersOrder(buyerId, chatId), "buyer", text);
    },

    /** GET /orders/chat/{id_order} (v1 extension): the seller reads a page of their order's chat. */
    async listForSeller(sellerId: number, orderId: string, query: ChatPageQuery): Promise<ChatPage> {
      return read(await sellersOrder(sellerId, orderId), query, "seller");
    },

    /** POST /orders/chat/{id_order} (v1 extension): the seller writes to their order's chat. */
    async postAsSeller(sellerId: number, orderId: string, text: string): Promise<ChatSent> {
      return send(await sellersOrder(sellerId, orderId), "seller", text);
    },
  };
};

export type ChatService = ReturnType<typeof createChatService>;
