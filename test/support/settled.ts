import { expect } from "vitest";
import { WAIT_GUARD_MS } from "./hang-guard.js";

/** Whether the test's own `toEqual` would accept the answer: key order and undefined fields aside. */
const equalsForTest = <T>(value: T, expected: T): boolean => {
  try {
    expect(value).toEqual(expected);
    return true;
  } catch {
    return false;
  }
};

/**
 * Reads until the answer equals `expected` (or `timeoutMs` passes) and returns the last answer, so the
 * test's own assertion shows any difference. Used after a forced sync that unlists or changes a
 * product: a stream sync that read the product before the change may still be finishing and briefly
 * re-apply the old listing, until the stream's record of the change corrects it. "Equals" is the
 * assertion's equality: compared as JSON text, an answer whose keys came in another order than the
 * test wrote them never matched, and the test sat out the whole guard before passing.
 */
export const settled = async <T>(
  read: () => Promise<T>,
  expected: T,
  timeoutMs = WAIT_GUARD_MS,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (equalsForTest(value, expected) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
