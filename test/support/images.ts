import { crc32 } from "node:zlib";
import { tinyPng } from "./products.js";

/** One megabyte. */
export const MB = 1024 * 1024;

/** A 1×1 grey baseline JPEG (cjpeg), the smallest real JPEG. */
export const tinyJpeg = Buffer.from(
  "ffd8ffe000104a46494600010100000100010000ffdb0043000302020302020303030304030304050805050404050a07" +
    "0706080c0a0c0c0b0a0b0b0d0e12100d0e110e0b0b1016101113141515150c0f171816141812141514ffc0000b080001" +
    "000101011100ffc40014000100000000000000000000000000000000ffc400141001000000000000000000000000000000" +
    "00ffda0008010100003f003fffd9",
  "hex",
);

/** A 1×1 GIF89a with a two-colour table and a graphic control extension. */
export const tinyGif = Buffer.from(
  "47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b",
  "hex",
);

/** A 1×1 lossless WebP (cwebp): RIFF size 28, one VP8L chunk of 16 bytes. */
export const tinyWebp = Buffer.from(
  "524946461c000000574542505650384c100000002f000000000750c0fe47ff0311d1ff00",
  "hex",
);

/** A PNG chunk with its length and CRC. */
const pngChunk = (type: string, data: Buffer): Buffer => {
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
};

/**
 * A real PNG of exactly `size` bytes (for size-limit cases): tinyPng with a private ancillary chunk
 * before IEND that viewers skip, so the file stays one whole image.
 */
export const pngOf = (size: number): Buffer => {
  const iend = tinyPng.subarray(tinyPng.length - 12);
  const head = tinyPng.subarray(0, tinyPng.length - 12);
  const padding = size - tinyPng.length - 12;
  if (padding < 0) throw new Error(`a PNG cannot be smaller than ${tinyPng.length + 12} bytes with padding`);
  return Buffer.concat([head, pngChunk("paDd", Buffer.alloc(padding)), iend]);
};

/** An HTML page with a script, as appended after an image to have it served as HTML. */
export const htmlPage = Buffer.from("<html><body><script>alert(document.domain)</script></body></html>\n");

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
    rule: "a PNG with an HTML page appended after IEND",
    bytes: Buffer.concat([tinyPng, htmlPage]),
    type: "image/png",
    message: "Invalid image format",
  },
  {
    rule: "a JPEG with an HTML page appended after EOI, ending in FFD9 again",
    bytes: Buffer.concat([tinyJpeg, htmlPage, Buffer.from([0xff, 0xd9])]),
    type: "image/jpeg",
    message: "Invalid image format",
  },
  {
    rule: "a GIF with an HTML page appended after the trailer, ending in ';' again",
    bytes: Buffer.concat([tinyGif, htmlPage, Buffer.from(";")]),
    type: "image/gif",
    message: "Invalid image format",
  },
  {
    rule: "a PNG cut off before IEND",
    bytes: tinyPng.subarray(0, tinyPng.length - 12),
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
