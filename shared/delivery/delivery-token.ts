import { createHash } from "node:crypto";
import type { Randomness } from "../ids/randomness.js";

/** A new one-time delivery token: 32 random bytes, base64url (43 characters). */
export const newDeliveryToken = (random: Randomness): string => random.bytes(32).toString("base64url");

/**
 * A token for the seller's test webhook: shaped like an order's, so a receiver exercises its real
 * code path, but never stored, so it delivers nothing (the delivery answers 404 Order not found).
 */
export const sampleDeliveryToken = (random: Randomness): string => newDeliveryToken(random);

/** The only form in which a delivery token is stored and looked up. */
export const hashDeliveryToken = (token: string): string =>
  createHash("sha256").update(token, "utf8").digest("hex");

/** Whether a string can be one of our tokens; anything else is not looked up. */
export const looksLikeDeliveryToken = (value: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(value);
