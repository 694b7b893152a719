/** An image format we accept, recognised by its leading bytes, never by the declared type or name. */
export interface ImageFormat {
  readonly extension: "jpg" | "png" | "webp" | "gif";
  readonly contentType: string;
}

/** Largest accepted image. */
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The format of an image's bytes: JPEG, PNG, WebP or GIF; undefined for anything else. */
export const detectImageFormat = (bytes: Uint8Array): ImageFormat | undefined => {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { extension: "jpg", contentType: "image/jpeg" };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { extension: "png", contentType: "image/png" };
  }
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) {
    return { extension: "gif", contentType: "image/gif" };
  }
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) {
    return { extension: "webp", contentType: "image/webp" };
  }
  return undefined;
};
