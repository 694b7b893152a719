import { MAX_IMAGE_BYTES } from "../images/image-format.js";

/**
 * How much a request may send, checked before anything reads it. The largest JSON body a client needs
 * is a product with long texts (DynamoDB items stop at 400 KB), so 256 KB leaves room without letting a
 * 10 MB body cost parsing time before the 401.
 */
export const JSON_BODY_LIMIT_BYTES = 256 * 1024;

/** An image upload: the 4 MB image plus room for the multipart framing, so a 4 MB + 1 byte image still hears "Image too large". */
export const UPLOAD_BODY_LIMIT_BYTES = MAX_IMAGE_BYTES + 1024 * 1024;

/** JSON deeper than this is refused before parsing; the request schemas are at most three levels deep. */
export const MAX_JSON_DEPTH = 32;

/** A body limit as the 413 names it: "256 KB", "5 MB". */
export const bodyLimitText = (bytes: number): string =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;

/**
 * A code upload: 10,000 codes of the length licence keys and logins have (a few hundred bytes at most)
 * with room to spare, under the 6 MB a Lambda is handed. A file of longer codes is split by the seller.
 */
export const CODE_UPLOAD_BODY_LIMIT_BYTES = 5 * 1024 * 1024;
