import { requireStanding } from "../auth/request-standing.js";
import { createS3ImageStorage } from "../aws/s3-image-storage.js";
import { optionalEnv, requireEnv } from "../config/environment.js";
import type { ImageStorage } from "../images/image-storage.js";

let imageStorage: ImageStorage | undefined;
/**
 * Image storage, configured on first use (only groups that upload images have a bucket); the one root
 * importing S3. An upload waits for the request's token standing (an object cannot carry it as a
 * condition), so a revoked or blocked account's token stores nothing; by then the route has read its
 * product or profile beside the standing, so the wait is seldom felt.
 */
export function images(): ImageStorage {
  if (!imageStorage) {
    const storage = createS3ImageStorage({
      bucket: requireEnv("IMAGE_BUCKET"),
      publicBaseUrl: requireEnv("PUBLIC_IMAGE_BASE_URL"),
      forcePathStyle: optionalEnv("S3_FORCE_PATH_STYLE") === "true",
    });
    imageStorage = {
      ...storage,
      async put(key, bytes, contentType) {
        await requireStanding();
        return storage.put(key, bytes, contentType);
      },
    };
  }
  return imageStorage;
}
