/**
 * Whether text holds characters that have no place in seller-supplied text: C0 and C1 controls, DEL,
 * bidirectional overrides (they make text display differently from what it is), and, unless
 * `allowLineBreaks`, line breaks of any kind. Tab, LF and CR pass when `allowLineBreaks`.
 */
export const hasControlCharacters = (text: string, allowLineBreaks: boolean): boolean => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const lineBreak = code === 0x09 || code === 0x0a || code === 0x0d;
    if (code < 0x20 && !(allowLineBreaks && lineBreak)) return true;
    if (code >= 0x7f && code <= 0x9f) return true;
    if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return true;
    if ((code === 0x2028 || code === 0x2029) && !allowLineBreaks) return true;
  }
  return false;
};

/** Whether every UTF-16 surrogate is paired, i.e. the text can be stored and sent as UTF-8 unchanged. */
export const isWellFormedText = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return false;
    }
  }
  return true;
};
