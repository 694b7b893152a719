import { refuse, worded } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { seal } from "../secrets/sealed-box.js";
import type { AccountStore } from "./account-repository.js";
import { newSigningSecret } from "./webhook-signing-secret.js";

/** How long a replaced webhook signing secret keeps signing beside the new one: a day to deploy it. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

/** A rotation lost to another change this many times in a row gives up. */
const ATTEMPTS = 3;

/** A new signing secret as shown once, and until when the replaced one still signs (null: none was replaced). */
export interface RotatedWebhookSecret {
  readonly seller_id: number;
  readonly webhook_secret: string;
  readonly previous_signs_until: string | null;
}

/**
 * The rotation of a seller's webhook signing secret, shared by the seller's own route and the operator's
 * command. Apart from the access service, so the seller API's bundle carries no authenticator library.
 */
export const createWebhookSecretRotation = (deps: {
  store: Pick<AccountStore, "findWithCodeGuard" | "rotateWebhookSecret">;
  dataKey: () => Promise<Buffer>;
  now: () => Date;
}) => ({
  /**
   * A new webhook signing secret, shown once. The one it replaces keeps signing beside it for
   * WEBHOOK_SECRET_OVERLAP_HOURS (a rotation inside that time replaces it), so a receiver has a day
   * to take the new one without refusing a webhook. Tokens and keys are untouched.
   */
  async rotate(accountId: number): Promise<RotatedWebhookSecret> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const found = await deps.store.findWithCodeGuard(accountId);
      if (!found) throw refuse(worded(refusals.sellerIdNotFound, { sellerId: accountId }));
      const secret = newSigningSecret();
      const previousUntil = new Date(
        deps.now().getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000,
      ).toISOString();
      const seen = found.account.webhook_secret_sealed;
      const outcome = await deps.store.rotateWebhookSecret(accountId, seen, {
        sealed: seal(await deps.dataKey(), secret),
        previousUntil,
      });
      if (outcome === "changed")
        return {
          seller_id: accountId,
          webhook_secret: secret,
          previous_signs_until: seen === undefined ? null : previousUntil,
        };
      if (outcome === "missing") throw refuse(worded(refusals.sellerIdNotFound, { sellerId: accountId }));
    }
    throw refuse(worded(refusals.sellerKeptChanging, { sellerId: accountId }));
  },
});
