import { refuse, worded } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import type { Randomness } from "../ids/randomness.js";
import type { ImageStorage } from "../images/image-storage.js";
import { seal } from "../secrets/sealed-box.js";
import type { Clock } from "../time/clock.js";
import { type NewAccountInput, newAccountInputSchema, SellerModeration } from "./account.js";
import type { AccountStore } from "./account-repository.js";
import { generateApiKey, hashApiKey } from "./api-keys.js";
import { newAuthenticatorEnrolment } from "./authenticator-enrolment.js";
import { createSellerProfileService } from "./seller-profile-service.js";
import { newSigningSecret } from "./webhook-signing-secret.js";

/**
 * What the operator receives once, at account creation; the API key, the TOTP secret and the webhook
 * signing secret are not shown again by ops.
 */
export interface CreatedAccount {
  readonly seller_id: number;
  readonly api_key: string;
  readonly totp_secret: string;
  readonly otpauth_url: string;
  /** The Standard Webhooks signing secret every webhook to the seller is signed with. */
  readonly webhook_secret: string;
}

/**
 * Account rules: creation with a fresh API key and authenticator secret, the operator's credits, and
 * the seller's own profile (`seller-profile-service.ts`).
 */
export const createAccountService = (deps: {
  store: AccountStore;
  dataKey: () => Promise<Buffer>;
  images?: () => ImageStorage;
  now: Clock;
  random: Randomness;
}) => ({
  ...createSellerProfileService(deps),

  /** Creates an approved seller account (also a reseller in v2) and returns its one-time credentials. */
  async create(input: NewAccountInput): Promise<CreatedAccount> {
    const { name, email } = newAccountInputSchema.parse(input);
    const key = await deps.dataKey();
    const apiKey = generateApiKey();
    const enrolment = newAuthenticatorEnrolment(name, email);
    const webhookSecret = newSigningSecret();
    const sellerId = await deps.store.nextSellerId();
    await deps.store.create({
      account_id: sellerId,
      // The messaging-account id is the seller id: one account, one user.
      id_user: sellerId,
      name,
      email,
      description: "",
      api_url: "",
      img: "",
      img_key: "",
      balance: 0,
      rating: 0,
      status_moderation: SellerModeration.approved,
      token_generation: 0,
      api_key_hash: hashApiKey(apiKey),
      api_key_sealed: seal(key, apiKey),
      totp_secret_sealed: seal(key, enrolment.totp_secret),
      webhook_secret_sealed: seal(key, webhookSecret),
      created_at: deps.now().toISOString(),
    });
    return {
      seller_id: sellerId,
      api_key: apiKey,
      ...enrolment,
      webhook_secret: webhookSecret,
    };
  },

  /** Operator: adds to a seller's balance with a ledger entry. */
  async credit(accountId: number, amount: number) {
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > 100_000_000) {
      throw refuse(refusals.creditAmount);
    }
    const balance = await deps.store.credit({
      accountId,
      amount,
      kind: "operator_credit",
      entryId: deps.random.uuid(),
      at: deps.now().toISOString(),
    });
    if (balance === undefined) throw refuse(worded(refusals.sellerIdNotFound, { sellerId: accountId }));
    return { seller_id: accountId, balance };
  },
});

export type AccountService = ReturnType<typeof createAccountService>;
