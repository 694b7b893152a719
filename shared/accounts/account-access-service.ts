import { refuse, worded } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { seal } from "../secrets/sealed-box.js";
import { type AccountRecord, SellerModeration } from "./account.js";
import type { AccountStore, CredentialsChange } from "./account-repository.js";
import { generateApiKey, hashApiKey } from "./api-keys.js";
import { newAuthenticatorEnrolment } from "./authenticator-enrolment.js";
import { createWebhookSecretRotation } from "./webhook-secret-rotation.js";

/** A change that found the account changed under it is decided again on what is stored then, this many times. */
const ATTEMPTS = 3;

/**
 * The operator's revocation tools: rotate a seller's API key or authenticator secret, revoke every
 * token issued so far, block or unblock a seller. Every change raises the credentials generation, so
 * the tokens issued before it stop working (within the containers' standing cache); a new key replaces
 * the old one's lookup in the same transaction, so the old key stops working at once.
 */
export const createAccountAccessService = (deps: {
  store: Pick<AccountStore, "findWithCodeGuard" | "changeCredentials" | "rotateWebhookSecret">;
  dataKey: () => Promise<Buffer>;
  now: () => Date;
}) => {
  const rotation = createWebhookSecretRotation(deps);

  /** Reads the account, decides the change on it and writes it while the account is still as read. */
  const change = async <T>(
    accountId: number,
    decide: (account: AccountRecord) => Promise<{ change: CredentialsChange; result: T }>,
  ): Promise<T> => {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      // Read consistently: the change is conditioned on what was read, so a stale read only costs a retry.
      const found = await deps.store.findWithCodeGuard(accountId);
      if (!found) throw refuse(worded(refusals.sellerIdNotFound, { sellerId: accountId }));
      const { account } = found;
      const decided = await decide(account);
      const outcome = await deps.store.changeCredentials(
        accountId,
        { apiKeyHash: account.api_key_hash, generation: account.token_generation },
        decided.change,
      );
      if (outcome === "changed") return decided.result;
      if (outcome === "missing") throw refuse(worded(refusals.sellerIdNotFound, { sellerId: accountId }));
    }
    throw refuse(worded(refusals.sellerKeptChanging, { sellerId: accountId }));
  };

  /** The account's standing with the next generation: every token issued so far is revoked. */
  const revoking = (account: AccountRecord, statusModeration = account.status_moderation) => ({
    generation: account.token_generation + 1,
    statusModeration,
  });

  const setStatus = (accountId: number, statusModeration: number) =>
    change(accountId, async (account) => ({
      change: revoking(account, statusModeration),
      result: { seller_id: accountId, status_moderation: statusModeration },
    }));

  return {
    /** A new API key; the old one and every token stop working. Shown once. */
    rotateKey: (accountId: number) =>
      change(accountId, async (account) => {
        const apiKey = generateApiKey();
        return {
          change: {
            ...revoking(account),
            apiKey: { hash: hashApiKey(apiKey), sealed: seal(await deps.dataKey(), apiKey) },
          },
          result: { seller_id: accountId, api_key: apiKey },
        };
      }),

    /** A new webhook signing secret, shown once; the replaced one signs beside it for a day. */
    rotateWebhookSecret: (accountId: number) => rotation.rotate(accountId),

    /** A new authenticator secret (the old one's codes are refused) and every token revoked. Shown once. */
    rotateTotp: (accountId: number) =>
      change(accountId, async (account) => {
        const enrolment = newAuthenticatorEnrolment(account.name, account.email);
        return {
          change: {
            ...revoking(account),
            totpSecretSealed: seal(await deps.dataKey(), enrolment.totp_secret),
          },
          result: { seller_id: accountId, ...enrolment },
        };
      }),

    /** Revokes every token issued so far; the API key stays and exchanges tokens of the new generation. */
    revokeTokens: (accountId: number) =>
      change(accountId, async (account) => {
        const next = revoking(account);
        return { change: next, result: { seller_id: accountId, token_generation: next.generation } };
      }),

    /**
     * Blocks a seller: its key is refused, its tokens are revoked. Revoking also on block means that
     * unblocking does not revive the tokens issued before the block.
     */
    block: (accountId: number) => setStatus(accountId, SellerModeration.blocked),

    /** Lifts a block (the seller is approved again); the seller exchanges its key for new tokens. */
    unblock: (accountId: number) => setStatus(accountId, SellerModeration.approved),
  };
};

export type AccountAccessService = ReturnType<typeof createAccountAccessService>;
