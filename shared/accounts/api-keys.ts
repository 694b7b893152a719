import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

const PREFIX = "mk_";

/** A new seller API key: 32 random bytes, base64url, with a prefix that secret scanners can spot. */
export const generateApiKey = (): string => `${PREFIX}${randomBytes(32).toString("base64url")}`;

/** The lookup hash of an API key (hex SHA-256); the only form in which keys are indexed. */
export const hashApiKey = (apiKey: string): string =>
  createHash("sha256").update(apiKey, "utf8").digest("hex");

/** Constant-time equality of two hex digests of equal length. */
export const digestsEqual = (a: string, b: string): boolean => {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
};

/** Cheap shape check before any database call; a key that cannot be ours is refused early. */
export const looksLikeApiKey = (value: string): boolean => /^mk_[A-Za-z0-9_-]{43}$/.test(value);
