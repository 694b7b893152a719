/**
 * Whether bytes are one whole WebP: a RIFF container whose size field counts exactly the bytes after
 * it, holding "WEBP" and then chunks (a four-character code, a size, the data and a pad byte when the
 * size is odd) that end exactly where the file does, the first one an image (VP8, VP8L or VP8X).
 */
export const isWholeWebp = (bytes: Uint8Array): boolean => {
  if (bytes.length < 20) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(4, true) !== bytes.length - 8) return false;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const fourCc = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    if (!/^[\x20-\x7e]{4}$/.test(fourCc)) return false;
    if (offset === 12 && !["VP8 ", "VP8L", "VP8X"].includes(fourCc)) return false;
    const size = view.getUint32(offset + 4, true);
    offset += 8 + size + (size % 2);
    if (offset === bytes.length) return true;
  }
  return false;
};
