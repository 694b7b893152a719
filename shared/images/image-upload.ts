import { randomBytes } from "node:crypto";
import { badRequest, DomainError } from "../errors/domain-error.js";
import { detectImageFormat, MAX_IMAGE_BYTES } from "./image-format.js";
import type { ImageStorage } from "./image-storage.js";

/** An uploaded image as the handler received it. */
export interface ImageUpload {
  readonly bytes: Buffer;
  readonly truncated: boolean;
}

/** Image in a fresh, unguessable key under the product's or seller's prefix. */
export const imageKey = (prefix: string, extension: string): string =>
  `${prefix}/${randomBytes(16).toString("hex")}.${extension}`;

/** Validates an upload's bytes: present, at most 4 MB, and really an image. */
export const checkImage = (upload: ImageUpload | undefined) => {
  if (!upload || upload.bytes.length === 0) throw badRequest("Image file required");
  if (upload.truncated || upload.bytes.length > MAX_IMAGE_BYTES)
    throw badRequest("Image too large (max 4 MB)");
  const format = detectImageFormat(upload.bytes);
  if (!format) throw badRequest("Invalid image format");
  return format;
};

/** Stores an image; a storage failure is the spec's `Upload failed`, with the cause in the log. */
export const storeImage = async (
  images: ImageStorage,
  key: string,
  bytes: Uint8Array,
  contentType: string,
  log: (message: string, details: Record<string, unknown>) => void,
): Promise<string> => {
  try {
    return await images.put(key, bytes, contentType);
  } catch (error) {
    log("Image upload to storage failed", { key, error: String(error) });
    throw new DomainError("dependency_failed", "upload_failed", "Upload failed");
  }
};
