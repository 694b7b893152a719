import { clockTime, isoDate } from "../time/formats.js";
import * as z from "../validation/zod-mini.js";

/** Who wrote a chat message: the order's buyer, its seller, or the service (gift codes, dispute events). */
export const chatAuthors = ["buyer", "seller", "system"] as const;
export type ChatAuthor = (typeof chatAuthors)[number];

/** One message of an order's chat as stored; the text is kept exactly as sent and escaped where rendered. */
export const chatMessageRecordSchema = z.object({
  message_id: z.number().check(z.int(), z.positive()),
  order_id: z.string(),
  /** Where the message stands in its chat, from 1: its table key, so page n is read without reading pages 1 … n − 1. */
  position: z.number().check(z.int(), z.positive()),
  type_user: z.enum(chatAuthors),
  message: z.string(),
  created_at: z.string(),
  /** Set on messages only the buyer may read (a gift's code): the seller's view of the chat leaves them out. */
  audience: z.optional(z.literal("buyer")),
});
export type ChatMessageRecord = z.infer<typeof chatMessageRecordSchema>;

/**
 * A message's id: the millisecond time × 1000 plus its position modulo 1000, so ids are integers (as the
 * spec's ChatMessage has them), grow with time, and two messages of one chat never share one (a chat
 * holds about a thousand messages, and no thousand of them are written in one millisecond).
 */
export const chatMessageId = (at: Date, position: number): number => at.getTime() * 1000 + (position % 1000);

/** A new message of an order's chat at `position`, written now by `author`. */
export const newChatMessage = (
  orderId: string,
  author: ChatAuthor,
  message: string,
  at: Date,
  position: number,
): ChatMessageRecord => ({
  message_id: chatMessageId(at, position),
  order_id: orderId,
  position,
  type_user: author,
  message,
  created_at: at.toISOString(),
});

/** A chat message as both APIs show it: the spec's fields, plus the example's `message_id` and `from`. */
export const chatMessageView = (message: ChatMessageRecord) => {
  const at = new Date(message.created_at);
  return {
    id: message.message_id,
    message_id: message.message_id,
    type_user: message.type_user,
    from: message.type_user,
    message: message.message,
    data_create: isoDate(at),
    time_create: clockTime(at),
  };
};
export type ChatMessageView = ReturnType<typeof chatMessageView>;
