import { isWholeGif } from "./gif-structure.js";
import { isWholeJpeg } from "./jpeg-structure.js";
import { isWholePng } from "./png-structure.js";
import { isWholeWebp } from "./webp-structure.js";

/** An image format we accept, recognised by its bytes, never by the declared type or name. */
export interface ImageFormat {
  readonly extension: "jpg" | "png" | "webp" | "gif";
  readonly contentType: string;
}

/** Largest accepted image. */
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The format of an image's bytes: JPEG, PNG, WebP or GIF, recognised by its leading bytes and then
 * walked to its end, so a file with anything appended after the image (an HTML page, a script, a
 * second file) or cut short is undefined like anything else.
 */
export const detectImageFormat = (bytes: Uint8Array): ImageFormat | undefined => {
  const format = leadingFormat(bytes);
  return format && wholeFile[format.extension](bytes) ? format : undefined;
};

/** The format the leading bytes (the "magic number") announce. */
const leadingFormat = (bytes: Uint8Array): ImageFormat | undefined => {
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

/** Each format's whole-file check; each expects bytes that start with its leading bytes. */
const wholeFile: Record<ImageFormat["extension"], (bytes: Uint8Array) => boolean> = {
  jpg: isWholeJpeg,
  png: isWholePng,
  gif: isWholeGif,
  webp: isWholeWebp,
};
