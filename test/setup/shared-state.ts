import { globSync, readFileSync } from "node:fs";

/**
 * What would leak from one test file into the next when a worker keeps its modules between them: a
 * mocked module, a spy or a mocked AWS client on a shared object, a stubbed variable or global, fake
 * timers, an environment variable set by hand.
 */
const SHARED_STATE =
  /\bvi\.(mock|doMock|spyOn|stubEnv|stubGlobal|useFakeTimers)\(|\bmockClient\(|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|Object\.assign\(process\.env\b/;

/** The lines of a source that would leak into the files after it. */
export const sharedStateLines = (path: string): string[] =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => SHARED_STATE.test(line))
    .map((line) => `${path}: ${line.trim()}`);

/** The test files matching `pattern` that change shared state: they run each in a fresh module cache. */
export const filesSharingState = (pattern: string, exclude: readonly string[] = []): string[] =>
  globSync(pattern, { exclude: [...exclude] })
    .filter((file) => sharedStateLines(file).length > 0)
    .sort();
