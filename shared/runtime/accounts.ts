import { createAccountAccessService } from "../accounts/account-access-service.js";
import { createAccountService } from "../accounts/account-service.js";
import { accountStore } from "./account-store.js";
import { images } from "./image-storage.js";
import { dataKey } from "./service-keys.js";
import { clockAndRandomness } from "./table.js";

/** Account creation, the seller's profile and image, operator credits (imports S3 for the image). */
export const accountService = () =>
  createAccountService({ store: accountStore(), dataKey, images, ...clockAndRandomness });

/** The operator's revocation tools: key, authenticator and webhook secret rotation, token revocation, blocking. */
export const accountAccess = () =>
  createAccountAccessService({ store: accountStore(), dataKey, now: clockAndRandomness.now });
