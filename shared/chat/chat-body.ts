import * as refusals from "../errors/refusals.js";
import { hasControlCharacters, isWellFormedText } from "../text/control-characters.js";
import * as z from "../validation/zod-mini.js";

/** Longest chat message, in characters (Unicode code points, so an emoji counts once). */
export const MAX_CHAT_MESSAGE_LENGTH = 2000;

/**
 * Whether text has more than `max` code points. A UTF-16 string has at least half as many code points
 * as code units, so a very long body is refused from its length alone without being walked.
 */
const exceedsCodePoints = (text: string, max: number): boolean => {
  if (text.length <= max) return false;
  if (text.length > 2 * max) return true;
  let count = 0;
  for (const _ of text) if (++count > max) return true;
  return false;
};

/**
 * A chat message's text: kept exactly as sent (no trimming, no HTML stripping; every view escapes it),
 * so the checks only refuse what cannot be a message. Each aborts the rest, so the first message names
 * the problem and a huge value is never scanned further.
 */
export const chatMessageText = z
  .string({ error: refusals.fieldNotString.message({ field: "message" }) })
  .check(
    z.minLength(1, { error: refusals.fieldEmpty.message({ field: "message" }), abort: true }),
    z.refine((v) => !exceedsCodePoints(v, MAX_CHAT_MESSAGE_LENGTH), {
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

/** POST /chat/{chat_id} (v2) and POST /orders/chat/{id_order} (v1) body: the message and nothing else. */
export const chatBodySchema = z.strictObject(
  { message: chatMessageText },
  { error: refusals.notJsonObject.message },
);
export type ChatBody = z.infer<typeof chatBodySchema>;
