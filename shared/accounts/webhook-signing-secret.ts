import { randomBytes } from "node:crypto";

/** The prefix the Standard Webhooks libraries expect before a signing secret's base64. */
export const SIGNING_SECRET_PREFIX = "whsec_";

/**
 * A new webhook signing secret for a seller: `whsec_` and the base64 of 24 random bytes, the form the
 * Standard Webhooks libraries take (`shared/webhooks/standard-signature.ts` signs with it).
 */
export const newSigningSecret = (): string => `${SIGNING_SECRET_PREFIX}${randomBytes(24).toString("base64")}`;
