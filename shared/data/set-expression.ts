/** Builds `SET a = :a, …` for a partial record, with placeholder names that cannot clash with keywords. */
export const setExpression = (changes: Record<string, unknown>) => {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  // Absent fields are not changes; the document client would drop their values but not their placeholders.
  const present = Object.entries(changes).filter(([, value]) => value !== undefined);
  const parts = present.map(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  return { expression: parts.join(", "), names, values };
};
