import { randomBytes } from "node:crypto";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * A new opaque id: a ULID (48-bit millisecond time + 80 random bits, Crockford base32), so ids are
 * unguessable and sort by creation time.
 */
export const newId = (now: number = Date.now()): string => {
  let time = "";
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const random = randomBytes(16);
  let tail = "";
  for (let i = 0; i < 16; i++) tail += CROCKFORD[(random[i] ?? 0) % 32];
  return time + tail;
};

/** Whether a string has the shape of an id from `newId`; anything else cannot name a record. */
export const isId = (value: string): boolean => /^[0-9A-HJKMNP-TV-Z]{26}$/.test(value);
