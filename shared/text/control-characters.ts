/** Whether text holds C0 control characters or DEL; tab, line feed and carriage return pass when `allowLineBreaks`. */
export const hasControlCharacters = (text: string, allowLineBreaks: boolean): boolean => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x7f) return true;
    if (code < 0x20 && !(allowLineBreaks && (code === 0x09 || code === 0x0a || code === 0x0d))) return true;
  }
  return false;
};
