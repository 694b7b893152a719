import { randomBytes } from "node:crypto";
import { refuse } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
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
  if (!upload || upload.bytes.length === 0) throw refuse(refusals.imageRequired);
  if (upload.truncated || upload.bytes.length > MAX_IMAGE_BYTES) throw refuse(refusals.imageTooLarge);
  const format = detectImageFormat(upload.bytes);
  if (!format) throw refuse(refusals.imageFormat);
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
    throw refuse(refusals.uploadFailed);
  }
};
