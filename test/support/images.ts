import { tinyPng } from "./products.js";

/** One megabyte. */
export const MB = 1024 * 1024;

/** A buffer of `size` bytes that starts like a PNG (for size-limit cases). */
export const pngOf = (size: number): Buffer => {
  const bytes = Buffer.alloc(size);
  tinyPng.copy(bytes, 0, 0, Math.min(size, tinyPng.length));
  return bytes;
};

/** Uploads every image endpoint must refuse, with the exact message (all 400 in v1). */
export const refusedImages = [
  { rule: "an empty file", bytes: Buffer.alloc(0), type: "image/png", message: "Image file required" },
  {
    rule: "non-image bytes declared as image/png",
    bytes: Buffer.from("hello, this is not an image"),
    type: "image/png",
    message: "Invalid image format",
  },
  {
    rule: "an HTML file declared as image/jpeg",
    bytes: Buffer.from("<html><script>alert(1)</script></html>"),
    type: "image/jpeg",
    message: "Invalid image format",
  },
  {
    rule: "an SVG image",
    bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    type: "image/svg+xml",
    message: "Invalid image format",
  },
  {
    rule: "a PNG signature cut short",
    bytes: tinyPng.subarray(0, 7),
    type: "image/png",
    message: "Invalid image format",
  },
  {
    rule: "a PNG of 4 MB + 1 byte",
    bytes: pngOf(4 * MB + 1),
    type: "image/png",
    message: "Image too large (max 4 MB)",
  },
];
