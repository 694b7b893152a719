import { tableSchema } from "../../shared/data/table-schema.js";

/**
 * Write request units of a TransactWriteItems as DynamoDB bills it. DynamoDB Local reports one figure
 * for the whole transaction from the items' summed size (5 small Puts: 2 units; DynamoDB bills 10), so
 * the capacity bench models transactions itself from what was sent: each action costs 2 units per
 * started KB of its item (ConditionCheck included), and each Put adds 1 unit per global index it joins
 * (index entries taken as ≤ 1 KB). Updates, Deletes and ConditionChecks are sized from the stored
 * item; an item no longer there (deleted) counts as 1 KB. Index changes made by Updates are not modelled.
 */

/** An item's size as DynamoDB counts it: attribute names plus values (numbers ≈ digits / 2 + 1 bytes). */
export const itemSize = (item: Record<string, unknown>): number =>
  Object.entries(item).reduce((sum, [name, value]) => sum + Buffer.byteLength(name) + valueSize(value), 0);

const valueSize = (value: unknown): number => {
  if (value === null || value === undefined || typeof value === "boolean") return 1;
  if (typeof value === "string") return Buffer.byteLength(value);
  if (typeof value === "number" || typeof value === "bigint") {
    const digits = String(value).replace(/^-/, "").replace(".", "").replace(/^0+/, "").replace(/0+$/, "");
    return Math.ceil(Math.max(1, digits.length) / 2) + 1;
  }
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...value].reduce((sum: number, v) => sum + valueSize(v), 0);
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, v) => sum + 1 + valueSize(v), 0);
  if (typeof value === "object")
    return (
      3 +
      Object.entries(value as Record<string, unknown>).reduce(
        (sum, [name, v]) => sum + 1 + Buffer.byteLength(name) + valueSize(v),
        0,
      )
    );
  return 1;
};

const kilobytes = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));

type Action = Record<string, { Item?: Record<string, unknown>; Key?: Record<string, unknown> } | undefined>;

/** The keys whose stored size a transaction's billing depends on (its Updates, Deletes and checks). */
export const sizedKeys = (input: Record<string, unknown>): Record<string, unknown>[] =>
  (input.TransactItems as Action[]).flatMap((action) =>
    ["Update", "Delete", "ConditionCheck"].flatMap((kind) => (action[kind]?.Key ? [action[kind].Key] : [])),
  );

/** Billed write request units of one TransactWriteItems; `storedSize` gives an existing item's bytes. */
export const transactionWriteUnits = (
  input: Record<string, unknown>,
  storedSize: (key: Record<string, unknown>) => number | undefined,
): number =>
  (input.TransactItems as Action[]).reduce((sum, action) => {
    const put = action.Put?.Item;
    if (put) {
      const indexes = tableSchema.globalIndexes.filter((index) => put[index.partitionKey] !== undefined);
      return sum + 2 * kilobytes(itemSize(put)) + indexes.length;
    }
    const key = ["Update", "Delete", "ConditionCheck"].map((kind) => action[kind]?.Key).find(Boolean);
    return sum + 2 * kilobytes(key ? (storedSize(key) ?? 1024) : 1024);
  }, 0);
