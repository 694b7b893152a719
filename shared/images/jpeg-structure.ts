/** Markers that stand alone, with no length after them: TEM and the restart markers RST0–RST7. */
const standalone = (marker: number): boolean => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/** Start-of-frame markers (SOF0–SOF15 less DHT, JPG and DAC, which share the range). */
const startsFrame = (marker: number): boolean =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * Index just past a scan's entropy-coded data starting at `offset`: the next marker that is neither a
 * stuffed 0xFF00 nor a restart marker, or the file's end when none comes.
 */
const scanEnd = (bytes: Uint8Array, offset: number): number => {
  let i = offset;
  while (i + 1 < bytes.length) {
    if (bytes[i] !== 0xff) {
      i += 1;
      continue;
    }
    const next = bytes[i + 1] ?? 0;
    if (next === 0x00 || standalone(next) || next === 0xff) i += next === 0xff ? 1 : 2;
    else return i;
  }
  return bytes.length;
};

/**
 * Whether bytes are one whole JPEG: SOI, then segments (each a marker and a length that fits), a frame
 * and at least one scan, and EOI, after which only padding (0x00 or 0xFF) may follow. Walking the
 * segments, rather than looking for FFD9 at the end, is what finds a file appended after the image:
 * it could end with FFD9 too. Camera files that append more pictures after EOI are refused;
 * re-exporting them gives an image we accept.
 */
export const isWholeJpeg = (bytes: Uint8Array): boolean => {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return false;
  let offset = 2;
  let sawFrame = false;
  let sawScan = false;
  while (offset < bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    while (bytes[offset] === 0xff) offset += 1; // fill bytes before a marker
    if (offset >= bytes.length) return false;
    const marker = bytes[offset] ?? 0;
    offset += 1;
    if (marker === 0xd9) {
      return sawFrame && sawScan && bytes.subarray(offset).every((b) => b === 0x00 || b === 0xff);
    }
    if (marker === 0x00 || marker === 0xd8) return false;
    if (standalone(marker)) continue;
    if (offset + 2 > bytes.length) return false;
    const length = ((bytes[offset] ?? 0) << 8) | (bytes[offset + 1] ?? 0);
    if (length < 2 || offset + length > bytes.length) return false;
    offset += length;
    if (startsFrame(marker)) sawFrame = true;
    if (marker === 0xda) {
      if (!sawFrame) return false;
      sawScan = true;
      offset = scanEnd(bytes, offset);
    }
  }
  return false;
};
