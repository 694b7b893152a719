import * as refusals from "../errors/refusals.js";
import { hasControlCharacters, isWellFormedText } from "../text/control-characters.js";
import * as z from "../validation/zod-mini.js";

/** Longest chat message, in characters (Unicode code points, so an emoji counts once). */
export const MAX_CHAT_MESSAGE_LENGTH = 2000;

/**
 * A chat message's text: kept exactly as sent (no trimming, no HTML stripping; every view escapes it),
 * so the checks only refuse what cannot be a message. Each aborts the rest, so the first message names
 * the problem and a huge value is never scanned further.
 */
export const chatMessageText = z
  .string({ error: refusals.fieldNotString.message({ field: "message" }) })
  .check(
    z.minLength(1, { error: refusals.fieldEmpty.message({ field: "message" }), abort: true }),
    // Counted in Unicode code points, as JSON Schema's maxLength is (the documents show this check).
    z.maxLength(MAX_CHAT_MESSAGE_LENGTH, {
      error: refusals.fieldTooLong.message({ field: "message", max: MAX_CHAT_MESSAGE_LENGTH }),
      abort: true,
    }),
    z.refine((v) => isWellFormedText(v), {
      error: refusals.fieldNotUnicode.message({ field: "message" }),
      abort: true,
    }),
    // Tab, LF and CR are how people lay out a message; every other control character only hides text.
    z.refine((v) => !hasControlCharacters(v, true), {
      error: refusals.fieldControlCharacters.message({ field: "message" }),
      abort: true,
    }),
    z.refine((v) => /\S/u.test(v), {
      error: refusals.fieldWhitespace.message({ field: "message" }),
      abort: true,
    }),
  );

/** What the documents say of a chat message's rules, after what the message is for. */
export const chatMessageRules = `1-${MAX_CHAT_MESSAGE_LENGTH} characters (Unicode code points), kept exactly as sent (every view escapes it): not only whitespace, and no control characters but tab, line feed and carriage return`;

/** POST /chat/{chat_id} (v2) and POST /orders/chat/{id_order} (v1) body: the message and nothing else. */
export const chatBodySchema = z.strictObject(
  { message: chatMessageText.check(z.describe(`The message: ${chatMessageRules}`)) },
  { error: refusals.notJsonObject.message },
);
export type ChatBody = z.infer<typeof chatBodySchema>;
