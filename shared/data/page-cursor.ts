/**
 * Opaque list cursors: a Query's LastEvaluatedKey as base64url JSON. A cursor is only accepted back when
 * it has exactly the key attributes of the list it came from and names the caller's own partition, so a
 * forged one cannot read elsewhere or reach DynamoDB malformed.
 */
export const encodeCursor = (key: Record<string, unknown>): string =>
  Buffer.from(JSON.stringify(key)).toString("base64url");

/** The start key a cursor stands for, or undefined when it is not a cursor of this list and partition. */
export const decodeCursor = (
  cursor: string,
  expected: { readonly attributes: readonly string[]; readonly partition: Record<string, string> },
): Record<string, string> | undefined => {
  if (cursor.length > 1024 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return undefined;
  const entries = Object.entries(parsed as Record<string, unknown>);
  const names = entries.map(([name]) => name).sort();
  if (names.join("\u0000") !== [...expected.attributes].sort().join("\u0000")) return undefined;
  if (!entries.every(([, value]) => typeof value === "string" && value.length <= 256)) return undefined;
  const key = Object.fromEntries(entries) as Record<string, string>;
  for (const [name, value] of Object.entries(expected.partition)) if (key[name] !== value) return undefined;
  return key;
};
