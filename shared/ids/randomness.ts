import { randomBytes, randomUUID } from "node:crypto";

/** Where a service gets its randomness (ids, tokens); passed in so tests can fix it. */
export interface Randomness {
  /** A random RFC 4122 version 4 UUID. */
  uuid(): string;
  /** `size` cryptographically secure random bytes. */
  bytes(size: number): Buffer;
}

/** Node's cryptographically secure generator. */
export const cryptoRandomness: Randomness = { uuid: () => randomUUID(), bytes: (size) => randomBytes(size) };
