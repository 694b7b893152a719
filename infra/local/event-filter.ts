import type { DynamoDBRecord } from "aws-lambda";

/** A filter pattern as an event source mapping takes it (`FilterCriteria`): nested keys, arrays of rules. */
export type FilterPattern = Readonly<Record<string, unknown>>;

/**
 * One rule of a pattern's array against the value at its place: an equal leaf, or `{exists}`. As in AWS,
 * `exists` holds only for a leaf (a string, number or boolean): an object there (`{"S": "…"}`) is never
 * matched by it, which is how a pattern that forgets the type key silently drops every record.
 */
const matchesRule = (rule: unknown, value: unknown): boolean => {
  if (rule !== null && typeof rule === "object") {
    if ("exists" in rule) {
      const leaf = value !== undefined && (value === null || typeof value !== "object");
      return (rule as { exists: boolean }).exists ? leaf : value === undefined;
    }
    throw new Error(
      `Unsupported filter rule ${JSON.stringify(rule)}: the local stack knows equality and exists`,
    );
  }
  return value === rule;
};

/** Whether `value` matches `pattern`: every key's rules (one of an array, or a nested pattern) hold. */
export const matchesPattern = (pattern: FilterPattern, value: unknown): boolean =>
  Object.entries(pattern).every(([key, rule]) => {
    const at =
      value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
    if (Array.isArray(rule)) return rule.some((one) => matchesRule(one, at));
    // A nested pattern over an absent object still holds where it asks only for absences.
    if (rule !== null && typeof rule === "object")
      return (
        (at === undefined || (at !== null && typeof at === "object")) &&
        matchesPattern(rule as FilterPattern, at)
      );
    throw new Error(`A filter's leaf must be an array of rules, got ${JSON.stringify(rule)} at ${key}`);
  });

/** Whether Lambda would hand the record to its function: it matches one of the filters (none: all pass). */
export const passesFilters = (
  filters: readonly FilterPattern[] | undefined,
  record: DynamoDBRecord,
): boolean => filters === undefined || filters.some((filter) => matchesPattern(filter, record));
