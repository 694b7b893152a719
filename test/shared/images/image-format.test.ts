import { describe, expect, it } from "vitest";
import { detectImageFormat } from "../../../shared/images/image-format.js";
import { htmlPage, pngOf, tinyGif, tinyJpeg, tinyWebp } from "../../support/images.js";
import { tinyPng } from "../../support/products.js";

const bytes = (...parts: (number[] | string | Uint8Array)[]) =>
  Buffer.concat(
    parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p as Uint8Array))),
  );

/** A 16×16 progressive JPEG with a restart marker after every block (cjpeg): six scans, RST0–RST2 in each. */
const progressiveJpeg = Buffer.from(
  "ffd8ffe000104a46494600010100000100010000ffdb004300100b0c0e0c0a100e0d0e1211101318281a181616183123251d" +
    "283a333d3c3933383740485c4e404457453738506d51575f626768673e4d71797064785c656763ffc2000b08001000100101" +
    "1100ffc4001500010100000000000000000000000000000204ffdd00040001ffda00080101000000018fffd0afffd15fffd2" +
    "3fffc4001a100002020300000000000000000000000002030001041113ffda000801010001050248cfffd0b2e29fffd148cf" +
    "ffd2cc3d9fffc4001a100002020300000000000000000000000000010203214191ffda0008010100063f023fffd073e1ffd1" +
    "3fffd2552d659fffc4001d10000202010500000000000000000000000001113141215191a1b1ffda0008010100013f21acff" +
    "d05b8895a26ecfffd1acffd2c16e663af4ffda00080101000000107fffd07fffd17fffd27fffc4001b100002030101010000" +
    "000000000000000001110021513141a1ffda0008010100013f10cd3fffd06c8135ebc0987a55a067ffd1cd3fffd2c4bd3d31" +
    "4e784e8fc4ffd9",
  "hex",
);

/** A 1×1 lossy WebP (cwebp): one VP8 chunk. */
const lossyWebp = Buffer.from(
  "524946463c0000005745425056503820300000001002009d012a0100010002003425a00274ba01f801f80003c800fee730ff" +
    "fb5a038355fe9d9ffd6ff98e1cfc00000000",
  "hex",
);

/** A 1×1 GIF87a without a global colour table (the image brings its own). */
const gif87WithLocalTable = bytes(
  "GIF87a",
  [1, 0, 1, 0, 0x00, 0, 0],
  [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x80],
  [0, 0, 0, 0xff, 0xff, 0xff],
  [2, 2, 0x44, 0x01, 0],
  ";",
);

/** A WebP's bytes with its RIFF size field set to `size`. */
const withRiffSize = (webp: Uint8Array, size: number): Buffer => {
  const copy = Buffer.from(webp);
  copy.writeUInt32LE(size, 4);
  return copy;
};

describe("whole images of each accepted format are recognised by their bytes", () => {
  it.each([
    ["a baseline JPEG", tinyJpeg, "jpg", "image/jpeg"],
    ["a progressive JPEG with restart markers", progressiveJpeg, "jpg", "image/jpeg"],
    ["a JPEG with zero padding after EOI", bytes(tinyJpeg, [0, 0, 0, 0]), "jpg", "image/jpeg"],
    ["a PNG", tinyPng, "png", "image/png"],
    ["a PNG with a private ancillary chunk (4 MB)", pngOf(4 * 1024 * 1024), "png", "image/png"],
    ["a GIF89a", tinyGif, "gif", "image/gif"],
    ["a GIF87a with a local colour table", gif87WithLocalTable, "gif", "image/gif"],
    ["a lossless WebP", tinyWebp, "webp", "image/webp"],
    ["a lossy WebP", lossyWebp, "webp", "image/webp"],
  ])("%s is accepted", (_name, data, extension, contentType) => {
    expect(detectImageFormat(data)).toEqual({ extension, contentType });
  });
});

describe("files that are not images are refused", () => {
  it.each([
    ["empty", bytes()],
    ["text", bytes("hello, world")],
    ["SVG (scriptable)", bytes("<svg xmlns='http://www.w3.org/2000/svg'/>")],
    ["a truncated PNG signature", bytes([0x89], "PNG", [0x0d, 0x0a])],
    ["RIFF that is not WebP (WAV)", bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt ")],
    ["PDF", bytes("%PDF-1.7")],
    ["a JPEG signature not at the start", bytes([0], tinyJpeg)],
    ["an image's leading bytes followed by HTML", bytes([0x89], "PNG\r\n\x1a\n", htmlPage)],
  ])("%s is refused", (_name, data) => {
    expect(detectImageFormat(data)).toBeUndefined();
  });
});

describe("an image with anything appended after its end is refused (#12 item 10)", () => {
  it.each([
    ["a PNG + an HTML page", bytes(tinyPng, htmlPage)],
    ["a PNG + one byte", bytes(tinyPng, [0])],
    ["a PNG + a second PNG", bytes(tinyPng, tinyPng)],
    ["a JPEG + an HTML page", bytes(tinyJpeg, htmlPage)],
    ["a JPEG + an HTML page + FFD9 (ends like a JPEG)", bytes(tinyJpeg, htmlPage, [0xff, 0xd9])],
    ["a JPEG + zero padding + an HTML page", bytes(tinyJpeg, [0, 0], htmlPage)],
    ["a JPEG + a second JPEG", bytes(tinyJpeg, tinyJpeg)],
    ["a GIF + an HTML page", bytes(tinyGif, htmlPage)],
    ["a GIF + an HTML page + ';' (ends with the trailer)", bytes(tinyGif, htmlPage, ";")],
    ["a GIF + one zero byte", bytes(tinyGif, [0])],
    ["a WebP + an HTML page (RIFF size unchanged)", bytes(tinyWebp, htmlPage)],
    [
      "a WebP + an HTML page, RIFF size counting it",
      withRiffSize(bytes(tinyWebp, htmlPage), tinyWebp.length + htmlPage.length - 8),
    ],
  ])("%s is refused", (_name, data) => {
    expect(detectImageFormat(data)).toBeUndefined();
  });
});

describe("an image cut short or with a broken structure is refused", () => {
  it.each([
    ["a PNG without IEND", tinyPng.subarray(0, tinyPng.length - 12)],
    ["a PNG cut inside its IDAT chunk", tinyPng.subarray(0, 45)],
    ["a PNG signature and nothing else", tinyPng.subarray(0, 8)],
    ["a PNG whose first chunk is not IHDR", bytes(tinyPng.subarray(0, 8), tinyPng.subarray(33))],
    ["a PNG without an IDAT chunk", bytes(tinyPng.subarray(0, 33), tinyPng.subarray(tinyPng.length - 12))],
    ["a JPEG without EOI", tinyJpeg.subarray(0, tinyJpeg.length - 2)],
    ["a JPEG cut inside a segment", tinyJpeg.subarray(0, 30)],
    ["a JPEG of SOI and EOI only", bytes([0xff, 0xd8, 0xff, 0xd9])],
    [
      "a JPEG whose first segment claims more bytes than follow (APP0 of 16 with 8 bytes)",
      bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF", [0x00, 0x01, 0xff, 0xd9]),
    ],
    ["a progressive JPEG without EOI", progressiveJpeg.subarray(0, progressiveJpeg.length - 2)],
    ["a GIF without its trailer", tinyGif.subarray(0, tinyGif.length - 1)],
    ["a GIF cut inside its image data", tinyGif.subarray(0, 40)],
    ["a GIF header and screen descriptor with a trailer but no image", bytes(tinyGif.subarray(0, 19), ";")],
    ["a GIF header alone", bytes("GIF89a")],
    ["a WebP cut inside its chunk", withRiffSize(tinyWebp.subarray(0, 30), 22)],
    ["a WebP header without any chunk", withRiffSize(bytes("RIFF", [0, 0, 0, 0], "WEBP"), 4)],
    [
      "a WebP whose first chunk is not an image",
      withRiffSize(bytes("RIFF", [0, 0, 0, 0], "WEBPEXIF", [0, 0, 0, 0]), 12),
    ],
  ])("%s is refused", (_name, data) => {
    expect(detectImageFormat(data)).toBeUndefined();
  });

  it.each([
    ["one less than the file", tinyWebp.length - 9],
    ["one more than the file", tinyWebp.length - 7],
    ["zero", 0],
    ["the whole file's length (not minus 8)", tinyWebp.length],
  ])("a WebP whose RIFF size is %s is refused", (_name, size) => {
    expect(detectImageFormat(withRiffSize(tinyWebp, size))).toBeUndefined();
  });
});
