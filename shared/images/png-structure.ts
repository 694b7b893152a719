/**
 * Whether bytes are one whole PNG: the signature, then chunks (length, a four-letter type, data, CRC)
 * from IHDR through at least one IDAT to IEND, and not one byte after IEND. CRCs are not checked: a
 * wrong one breaks only the image, while bytes outside the chunks are what could carry a second file.
 */
export const isWholePng = (bytes: Uint8Array): boolean => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let sawData = false;
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (length > 0x7fffffff || !/^[A-Za-z]{4}$/.test(type)) return false;
    if (offset === 8 && (type !== "IHDR" || length !== 13)) return false;
    const end = offset + 12 + length;
    if (end > bytes.length) return false;
    if (type === "IEND") return length === 0 && sawData && end === bytes.length;
    if (type === "IDAT") sawData = true;
    offset = end;
  }
  return false;
};
