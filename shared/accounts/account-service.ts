import { generateSecret, generateURI } from "otplib";
import { generateApiKey, hashApiKey } from "../auth/api-keys.js";
import { notFound } from "../http/app-error.js";
import type { ImageStorage } from "../images/image-storage.js";
import { checkImage, type ImageUpload, imageKey, storeImage } from "../images/image-upload.js";
import { seal } from "../secrets/sealed-box.js";
import { type NewAccountInput, newAccountInputSchema, SellerModeration } from "./account.js";
import type { AccountStore } from "./account-repository.js";

/** What the operator receives once, at account creation; the API key and TOTP secret are not shown again by ops. */
export interface CreatedAccount {
  readonly seller_id: number;
  readonly api_key: string;
  readonly totp_secret: string;
  readonly otpauth_url: string;
}

const TOTP_ISSUER = "Marketplace";

/** Account rules: creation with a fresh API key and authenticator secret. */
export const createAccountService = (deps: {
  store: AccountStore;
  dataKey: () => Promise<Buffer>;
  images?: () => ImageStorage;
  now?: () => Date;
}) => ({
  /** Creates an approved seller account (also a reseller in v2) and returns its one-time credentials. */
  async create(input: NewAccountInput): Promise<CreatedAccount> {
    const { name, email } = newAccountInputSchema.parse(input);
    const key = await deps.dataKey();
    const apiKey = generateApiKey();
    const totpSecret = generateSecret();
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
      api_key_hash: hashApiKey(apiKey),
      api_key_sealed: seal(key, apiKey),
      totp_secret_sealed: seal(key, totpSecret),
      created_at: (deps.now?.() ?? new Date()).toISOString(),
    });
    return {
      seller_id: sellerId,
      api_key: apiKey,
      totp_secret: totpSecret,
      otpauth_url: generateURI({ issuer: TOTP_ISSUER, label: `${name} (${email})`, secret: totpSecret }),
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
      throw notFound("Seller not found");
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
});

export type AccountService = ReturnType<typeof createAccountService>;
