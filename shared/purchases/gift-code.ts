import type { Randomness } from "../ids/randomness.js";

/** A gift code: 192 random bits, base64url (32 characters), safe in URLs, e-mails and chat. */
export const newGiftCode = (random: Randomness): string => random.bytes(24).toString("base64url");
