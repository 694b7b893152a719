/**
 * Whether bytes are one whole GIF: header, logical screen descriptor and global colour table, then
 * extension and image blocks (each image with its sub-blocks) up to the trailer `;`, which must be the
 * last byte. Walking the blocks, rather than looking at the last byte, is what finds text appended
 * after the image: it could end with `;` too.
 */
export const isWholeGif = (bytes: Uint8Array): boolean => {
  let offset = 13;
  if (bytes.length < offset) return false;
  const screenFlags = bytes[10] ?? 0;
  if (screenFlags & 0x80) offset += 3 * 2 ** ((screenFlags & 0x07) + 1);
  let images = 0;

  /** Skips a run of data sub-blocks ended by an empty one; false when the data runs past the end. */
  const skipSubBlocks = (): boolean => {
    for (;;) {
      if (offset >= bytes.length) return false;
      const size = bytes[offset] ?? 0;
      offset += 1 + size;
      if (size === 0) return true;
    }
  };

  while (offset < bytes.length) {
    const introducer = bytes[offset];
    offset += 1;
    if (introducer === 0x3b) return images > 0 && offset === bytes.length;
    if (introducer === 0x21) {
      offset += 1; // the extension's label
      if (!skipSubBlocks()) return false;
    } else if (introducer === 0x2c) {
      if (offset + 10 > bytes.length) return false;
      const imageFlags = bytes[offset + 8] ?? 0;
      offset += 9;
      if (imageFlags & 0x80) offset += 3 * 2 ** ((imageFlags & 0x07) + 1);
      offset += 1; // LZW minimum code size
      if (!skipSubBlocks()) return false;
      images += 1;
    } else {
      return false;
    }
  }
  return false;
};
