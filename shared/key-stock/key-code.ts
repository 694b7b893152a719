import { textField } from "../fields/text-field.js";

/** The most codes one upload may carry; a larger file is split by the seller, not half-stored by us. */
export const MAX_CODES_PER_UPLOAD = 10_000;

/** The longest code: licence keys, account logins and download links all fit with room to spare. */
export const MAX_CODE_LENGTH = 2_000;

/**
 * One code as a seller uploads it: trimmed text of 1–2,000 characters on one line, refused for control
 * characters and markup like every other text a seller writes, since a buyer's e-mail and the seller's
 * dashboard show it.
 */
export const keyCodeSchema = textField("code", { max: MAX_CODE_LENGTH });
