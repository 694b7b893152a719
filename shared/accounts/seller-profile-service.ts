import { refuse } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import type { ImageStorage } from "../images/image-storage.js";
import { checkImage, type ImageUpload, imageKey, storeImage } from "../images/image-upload.js";
import { logger } from "../observability/logger.js";
import { shownRatingOf } from "../ratings/shown-rating.js";
import { open } from "../secrets/sealed-box.js";
import { dottedDate } from "../time/formats.js";
import type { AccountStore } from "./account-repository.js";
import type { ProfileUpdate } from "./seller-profile.js";

/**
 * The seller's own account as v1 shows and changes it: the record, the profile and the store avatar.
 * Apart from account creation, so the seller API's bundle carries no authenticator enrolment (otplib).
 */
export const createSellerProfileService = (deps: {
  store: AccountStore;
  dataKey: () => Promise<Buffer>;
  images?: () => ImageStorage;
}) => ({
  /** Replaces the store avatar; returns its public URL. */
  async uploadImage(accountId: number, upload: ImageUpload | undefined): Promise<string> {
    if (!deps.images) throw new Error("Account service has no image storage");
    const images = deps.images();
    const format = checkImage(upload);
    const key = imageKey(`sellers/${accountId}`, format.extension);
    const log = (message: string, details: Record<string, unknown>) => logger().warn(message, details);
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
      rating: shownRatingOf(account),
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
});
