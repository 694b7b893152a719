import { createSellerProfileService } from "../accounts/seller-profile-service.js";
import { accountStore } from "./account-store.js";
import { images } from "./image-storage.js";
import { dataKey } from "./service-keys.js";

/** The seller's record, profile and avatar (v1 /seller): no account creation, so no authenticator library. */
export const sellerProfileService = () =>
  createSellerProfileService({ store: accountStore(), dataKey, images });
