import { refuse, worded } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { isId } from "../ids/ids.js";
import type { RateLimit, RateLimiter } from "../limits/rate-limiter.js";
import type { Clock } from "../time/clock.js";
import { chatSenderSubject, MAX_CHAT_MESSAGES } from "./chat-limits.js";
import { type ChatAuthor, type ChatMessageView, chatMessageView, newChatMessage } from "./chat-message.js";
import type { ChatStore, ChatViewer } from "./chat-repository.js";

/**
 * What the chat reads of an order: who sold it and who bought it through which channel. Declared here
 * rather than imported from `shared/orders` (whose `OrderStore.get` satisfies it), because order rules
 * such as disputes write chat messages, and the two folders must not depend on each other both ways.
 */
export interface ChatOrder {
  readonly seller_id: number;
  readonly channel?: "storefront" | "reseller" | undefined;
  readonly buyer_account_id?: number | undefined;
  /** Messages at the chat's start only the buyer reads (a gift's code); the seller's view starts after them. */
  readonly chat_buyer_only?: number | undefined;
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

/**
 * Attempts at the next position. Each lost one means another message of the chat took it in between;
 * the two people of an order, each within their rate, cannot take more than this many meanwhile.
 */
const MAX_APPEND_ATTEMPTS = 100;

const chatNotFound = () => refuse(refusals.chatNotFound);
/** v1's wording for an order the seller cannot see, as GET /orders/info/{id} has it. */
const sellerOrderNotFound = () => refuse(refusals.sellerOrderNotFound);
const chatFull = () => refuse(worded(refusals.chatFull, { max: MAX_CHAT_MESSAGES }));

/**
 * Order chats: one per order, its id the order's. The reseller who bought the order talks in it
 * through v2 (`buyer`), the order's seller through the v1 extension (`seller`); the service itself
 * writes `system` messages beside purchases and disputes.
 */
export const createChatService = (deps: {
  chats: ChatStore;
  orders: ChatOrders;
  limiter: RateLimiter;
  /** How fast one sender may write to one chat. */
  senderLimit: RateLimit;
  now: Clock;
}) => {
  /** The order behind a chat, if the reseller bought it; another's existing order is 403, none is 404. */
  const buyersOrder = async (buyerId: number, chatId: string): Promise<ChatOrder> => {
    const order = isId(chatId) ? await deps.orders.get(chatId) : undefined;
    if (!order) throw chatNotFound();
    if (order.channel !== "reseller" || order.buyer_account_id !== buyerId)
      throw refuse(refusals.accessDenied);
    return order;
  };

  /** The seller's order; another seller's is indistinguishable from a missing one, as everywhere in v1. */
  const sellersOrder = async (sellerId: number, orderId: string): Promise<ChatOrder> => {
    const order = isId(orderId) ? await deps.orders.get(orderId) : undefined;
    if (!order || order.seller_id !== sellerId) throw sellerOrderNotFound();
    return order;
  };

  /** Page n of size l is the positions after (n − 1) × l, after the seller's hidden start: one key range. */
  const read = async (
    orderId: string,
    order: ChatOrder,
    { page, limit }: ChatPageQuery,
    viewer: ChatViewer,
  ): Promise<ChatPage> => {
    const first = (page - 1) * limit + 1 + (viewer === "seller" ? (order.chat_buyer_only ?? 0) : 0);
    const messages = await deps.chats.range(orderId, first, first + limit - 1, viewer);
    return { items: messages.map(chatMessageView), meta: { page, limit } };
  };

  /**
   * Writes a message after the chat's last one, if the chat has room and the sender is within their
   * rate. The order (who may write), the sender's window and the chat's length are read together.
   */
  const send = async (
    accountId: number,
    orderId: string,
    author: ChatAuthor,
    text: string,
    owned: (orderId: string) => Promise<ChatOrder>,
  ): Promise<ChatSent> => {
    const [ownership, allowance, length] = await Promise.allSettled([
      owned(orderId),
      deps.limiter.take(deps.senderLimit, chatSenderSubject(accountId, orderId)),
      deps.chats.length(orderId),
    ]);
    // Who may write decides first: a stranger hears 403/404, never how full the chat is.
    if (ownership.status === "rejected") throw ownership.reason;
    if (allowance.status === "rejected") throw allowance.reason;
    if (length.status === "rejected") throw length.reason;
    if (!allowance.value.granted)
      throw refuse(refusals.tooManyRequests, { retryAfterSeconds: allowance.value.retryAfterSeconds });
    // A position found taken exists, so the next one is tried: the chat never gets a hole.
    for (
      let position = length.value + 1, attempt = 1;
      attempt <= MAX_APPEND_ATTEMPTS;
      position++, attempt++
    ) {
      if (position > MAX_CHAT_MESSAGES) throw chatFull();
      const message = newChatMessage(orderId, author, text, deps.now(), position);
      if ((await deps.chats.append(message)) === "appended")
        return { message_id: message.message_id, sent: true };
    }
    throw new Error(`No free chat position for order ${orderId} after ${MAX_APPEND_ATTEMPTS} attempts`);
  };

  return {
    /** GET /chat/{chat_id} (v2): the buyer reads a page of their order's chat. */
    async listForBuyer(buyerId: number, chatId: string, query: ChatPageQuery): Promise<ChatPage> {
      return read(chatId, await buyersOrder(buyerId, chatId), query, "buyer");
    },

    /** POST /chat/{chat_id} (v2): the buyer writes to their order's chat. */
    async postAsBuyer(buyerId: number, chatId: string, text: string): Promise<ChatSent> {
      return send(buyerId, chatId, "buyer", text, (id) => buyersOrder(buyerId, id));
    },

    /** GET /orders/chat/{id_order} (v1 extension): the seller reads a page of their order's chat. */
    async listForSeller(sellerId: number, orderId: string, query: ChatPageQuery): Promise<ChatPage> {
      return read(orderId, await sellersOrder(sellerId, orderId), query, "seller");
    },

    /** POST /orders/chat/{id_order} (v1 extension): the seller writes to their order's chat. */
    async postAsSeller(sellerId: number, orderId: string, text: string): Promise<ChatSent> {
      return send(sellerId, orderId, "seller", text, (id) => sellersOrder(sellerId, id));
    },
  };
};

export type ChatService = ReturnType<typeof createChatService>;
