import * as refusals from "../errors/refusals.js";
import { keyCodeSchema } from "./key-code.js";

/** A value as it came in an upload, at its 1-based position: the item of a JSON list, the line of a text. */
export interface UploadedValue {
  readonly position: number;
  readonly value: unknown;
}

/** A code that passed its checks, at its position in the upload. */
export interface CheckedCode {
  readonly position: number;
  readonly code: string;
}

/** A value refused, with why, at its position in the upload. */
export interface RefusedCode {
  readonly position: number;
  readonly reason: string;
}

/**
 * The codes of a text upload (`text/plain`, or a file), one per line. Blank lines are skipped, so a
 * trailing newline or a spaced-out file adds nothing, but still counted: a position is the line's
 * number in the seller's own file.
 */
export const codesFromText = (text: string): UploadedValue[] =>
  text
    .split(/\r\n|\n|\r/)
    .flatMap((line, index) => (line.trim() === "" ? [] : [{ position: index + 1, value: line }]));

/** The codes of a JSON list, each at its 1-based place in the list. */
export const codesFromList = (list: readonly unknown[]): UploadedValue[] =>
  list.map((value, index) => ({ position: index + 1, value }));

/**
 * Checks every value of one upload as a code, and refuses the second and later copies of a code the
 * upload already holds (after trimming): what is left can be stored, each code once. Whether a code is
 * held by one of the seller's products already is the store's to answer.
 */
export const checkUploadedCodes = (
  values: readonly UploadedValue[],
): { accepted: CheckedCode[]; refused: RefusedCode[] } => {
  const accepted: CheckedCode[] = [];
  const refused: RefusedCode[] = [];
  const firstAt = new Map<string, number>();
  for (const { position, value } of values) {
    const checked = keyCodeSchema.safeParse(value);
    if (!checked.success) {
      const reason = checked.error.issues[0]?.message ?? refusals.fieldNotString.message({ field: "code" });
      refused.push({ position, reason });
      continue;
    }
    const first = firstAt.get(checked.data);
    if (first !== undefined) {
      refused.push({ position, reason: refusals.codeRepeated.message({ position: first }) });
      continue;
    }
    firstAt.set(checked.data, position);
    accepted.push({ position, code: checked.data });
  }
  return { accepted, refused };
};
