import { clockTime, isoDate } from "../time/formats.js";
import * as z from "../validation/zod-mini.js";

/** Who wrote a chat message: the order's buyer, its seller, or the service (gift codes, dispute events). */
export const chatAuthors = ["buyer", "seller", "system"] as const;
export type ChatAuthor = (typeof chatAuthors)[number];

/** One message of an order's chat as stored; the text is kept exactly as sent and escaped where rendered. */
export const chatMessageRecordSchema = z.object({
  message_id: z.number().check(z.int(), z.positive()),
  order_id: z.string(),
  type_user: z.enum(chatAuthors),
  message: z.string(),
  created_at: z.string(),
  /** Set on messages only the buyer may read (a gift's code): the seller's view of the chat leaves them out. */
  audience: z.optional(z.literal("buyer")),
});
export type ChatMessageRecord = z.infer<typeof chatMessageRecordSchema>;

/**
 * A new message id: the millisecond time × 1000 plus three random digits, so ids are integers (as the
 * spec's ChatMessage has them), grow with time without a counter to read first, and two messages of
 * one chat in the same millisecond almost never collide (a collision fails its conditional put).
 */
export const newChatMessageId = (at: Date, randomBytes: Buffer): number =>
  at.getTime() * 1000 + (randomBytes.readUInt16BE(0) % 1000);

/** A new message of an order's chat, written now by `author`, with a fresh id. */
export const newChatMessage = (
  orderId: string,
  author: ChatAuthor,
  message: string,
  at: Date,
  randomBytes: Buffer,
): ChatMessageRecord => ({
  message_id: newChatMessageId(at, randomBytes),
  order_id: orderId,
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
