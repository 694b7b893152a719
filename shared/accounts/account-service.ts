import { refuse, worded } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import type { Randomness } from "../ids/randomness.js";
import type { ImageStorage } from "../images/image-storage.js";
import { checkImage, type ImageUpload, imageKey, storeImage } from "../images/image-upload.js";
import { open, seal } from "../secrets/sealed-box.js";
import type { Clock } from "../time/clock.js";
import { dottedDate } from "../time/formats.js";
import { type NewAccountInput, newAccountInputSchema, SellerModeration } from "./account.js";
import type { AccountStore } from "./account-repository.js";
import { generateApiKey, hashApiKey } from "./api-keys.js";
import { newAuthenticatorEnrolment } from "./authenticator-enrolment.js";
import type { ProfileUpdate } from "./seller-profile.js";

/** What the operator receives once, at account creation; the API key and TOTP secret are not shown again by ops. */
export interface CreatedAccount {
  readonly seller_id: number;
  readonly api_key: string;
  readonly totp_secret: string;
  readonly otpauth_url: string;
}

/** Account rules: creation with a fresh API key and authenticator secret. */
export const createAccountService = (deps: {
  store: AccountStore;
  dataKey: () => Promise<Buffer>;
  images?: () => ImageStorage;
  now: Clock;
  random: Randomness;
}) => ({
  /** Creates an approved seller account (also a reseller in v2) and returns its one-time credentials. */
  async create(input: NewAccountInput): Promise<CreatedAccount> {
    const { name, email } = newAccountInputSchema.parse(input);
    const key = await deps.dataKey();
    const apiKey = generateApiKey();
    const enrolment = newAuthenticatorEnrolment(name, email);
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
      created_at: deps.now().toISOString(),
    });
    return {
      seller_id: sellerId,
      api_key: apiKey,
      ...enrolment,
    };
  },

  /** Replaces the store avatar; returns its public URL. */
  async uploadImage(accountId: number, upload: ImageUpload | undefined): Promise<string> {
    if (!deps.images) throw new Error("Account service has no image storage");
    const images = deps.images();
    const format = checkImage(upload);
    const key = imageKey(`sellers/${accountId}`, format.extension);
    const log = (message: string, details: Record<string, unknown>) =>
      console.warn(JSON.stringify({ level: "warn", message, ...details }));
    const url = await storeImage(images, key, upload?.bytes ?? Buffer.alloc(0), format.contentType, log);
    const linked = await deps.store.setImage(accountId, { url, key });
    if (!linked) {
      await images.remove(key).catch(() => undefined);
      throw refuse(refusals.sellerNotFound);
    }
    if (linked.previousKey !== "") {
      await images
        .remove(linked.previousKey)
        .catch((error: unknown) =>
          log("Could not remove a replaced image", { key: linked.previousKey, error: String(error) }),
        );
    }
    return url;
  },

  /** GET /seller: the seller's own record with its API key, and nothing secret besides. */
  async view(accountId: number) {
    const account = await deps.store.findById(accountId);
    if (!account) throw refuse(refusals.sellerNotFound);
    return {
      id: account.account_id,
      id_user: account.id_user,
      name: account.name,
      balance: account.balance,
      img: account.img,
      description: account.description,
      api_url: account.api_url,
      data_create: dottedDate(new Date(account.created_at)),
      rating: account.rating,
      api_key: open(await deps.dataKey(), account.api_key_sealed),
      status_moderation: account.status_moderation,
    };
  },

  /** POST /seller/profile: name, description and api_url, already validated and sanitised. */
  async updateProfile(accountId: number, update: ProfileUpdate) {
    const changes = Object.fromEntries(Object.entries(update).filter(([, v]) => v !== undefined));
    if (Object.keys(changes).length === 0) throw refuse(refusals.noValidData);
    const account = await deps.store.updateProfile(accountId, changes);
    if (!account) throw refuse(refusals.profileNotUpdated);
    return {
      id: account.account_id,
      name: account.name,
      description: account.description,
      api_url: account.api_url,
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
