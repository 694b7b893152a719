import { createAccessTokens, createTokenVerifier } from "../auth/access-tokens.js";
import { deriveKeys } from "../secrets/derived-keys.js";
import { systemClock } from "../time/clock.js";
import { configuredSecret } from "./configured-secret.js";
import { masterSecret } from "./master-secret.js";
import { tokenStanding } from "./token-standing.js";

/** The composition roots' secrets: each read once per process, on first use. */

let derived: Promise<ReturnType<typeof deriveKeys>> | undefined;
/** The purpose keys, derived once per process from the master secret. */
const keys = () => {
  derived ??= masterSecret().then(deriveKeys);
  derived.catch(() => {
    derived = undefined;
  });
  return derived;
};

/** The key sealing secrets stored in the table (API keys, TOTP secrets, delivery data). */
export const dataKey = async () => (await keys()).dataEncryption;

/** The key sealing list cursors. */
export const pageCursorKey = async () => (await keys()).pageCursors;

let tokensPromise: ReturnType<typeof buildTokens> | undefined;
const buildTokens = async () => createAccessTokens((await keys()).tokenSigning, systemClock, tokenStanding);

/** Access-token issuing and verification (revoked and blocked accounts' tokens refused), keyed once per process: the exchanges. */
export const accessTokens = () => {
  tokensPromise ??= buildTokens();
  return tokensPromise;
};

let verifierPromise: ReturnType<typeof buildVerifier> | undefined;
const buildVerifier = async () =>
  createTokenVerifier((await keys()).tokenSigning, systemClock, tokenStanding);

/** Access-token verification alone, keyed once per process: every route group but the exchanges, which sign none. */
export const tokenVerifier = () => {
  verifierPromise ??= buildVerifier();
  return verifierPromise;
};

/** The secret the payment provider signs its callbacks with (PAYMENT_CALLBACK_SECRET, or its _ARN in AWS). */
export const paymentCallbackSecret = configuredSecret("PAYMENT_CALLBACK_SECRET");

/** The keys uploaded codes are sealed and named with. */
export const keyStockKeys = async () => {
  const derived = await keys();
  return { sealing: derived.keyStockSealing, ids: derived.keyStockFingerprints };
};
