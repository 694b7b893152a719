import { createS3ImageStorage } from "../aws/s3-image-storage.js";
import { optionalEnv, requireEnv } from "../config/environment.js";
import type { ImageStorage } from "../images/image-storage.js";

let imageStorage: ImageStorage | undefined;
/** Image storage, configured on first use (only groups that upload images have a bucket); the one root importing S3. */
export function images(): ImageStorage {
  imageStorage ??= createS3ImageStorage({
    bucket: requireEnv("IMAGE_BUCKET"),
    publicBaseUrl: requireEnv("PUBLIC_IMAGE_BASE_URL"),
    forcePathStyle: optionalEnv("S3_FORCE_PATH_STYLE") === "true",
  });
  return imageStorage;
}
