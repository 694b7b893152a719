import type { RateLimit } from "../limits/rate-limiter.js";
import { limitFromEnv } from "../limits/window-limit.js";

/**
 * What bounds an order's chat: how many messages people may write in it, and how fast one sender may
 * write. The service's own messages (a gift's code, dispute events) come on top, bounded by what makes
 * them (one gift, MAX_DISPUTES_PER_ORDER disputes).
 */

/** Messages a chat holds before people's messages are refused: ample for an order's conversation. */
export const MAX_CHAT_MESSAGES = 1000;
/** Messages one sender may write to one chat per minute, unless configured otherwise. */
export const DEFAULT_CHAT_MESSAGES_PER_MINUTE = 20;

/** The per-sender, per-chat rate (CHAT_MESSAGES_PER_MINUTE); a bad value fails with the variable's name. */
export const chatSenderLimit = (raw: string | undefined): RateLimit => ({
  name: "CHAT#sender",
  ...limitFromEnv(
    "CHAT_MESSAGES_PER_MINUTE",
    raw,
    DEFAULT_CHAT_MESSAGES_PER_MINUTE,
    "messages per minute",
    60,
  ),
});

/** The subject a sender's window counts: one account in one chat, so neither side nor another chat is slowed. */
export const chatSenderSubject = (accountId: number, orderId: string): string => `${accountId}#${orderId}`;
