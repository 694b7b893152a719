import { describe, expect, it } from "vitest";
import { detectImageFormat } from "../../../shared/images/image-format.js";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("image formats are recognised by their bytes", () => {
  it.each([
    ["JPEG", bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), "jpg", "image/jpeg"],
    ["PNG", bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0]), "png", "image/png"],
    ["GIF87a", bytes("GIF87a", [1, 0]), "gif", "image/gif"],
    ["GIF89a", bytes("GIF89a", [1, 0]), "gif", "image/gif"],
    ["WebP", bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "), "webp", "image/webp"],
  ])("%s is accepted", (_name, data, extension, contentType) => {
    expect(detectImageFormat(data)).toEqual({ extension, contentType });
  });

  it.each([
    ["empty", bytes()],
    ["text", bytes("hello, world")],
    ["SVG (scriptable, refused)", bytes("<svg xmlns='http://www.w3.org/2000/svg'/>")],
    ["a truncated PNG signature", bytes([0x89], "PNG", [0x0d, 0x0a])],
    ["RIFF that is not WebP (WAV)", bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt ")],
    ["PDF", bytes("%PDF-1.7")],
    ["JPEG signature not at the start", bytes([0], [0xff, 0xd8, 0xff])],
  ])("%s is refused", (_name, data) => {
    expect(detectImageFormat(data)).toBeUndefined();
  });
});
