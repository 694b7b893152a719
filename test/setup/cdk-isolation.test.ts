import { readFileSync } from "node:fs";
import { glob } from "node:fs/promises";
import { describe, expect, it } from "vitest";

/**
 * What would leak from one file into the next when files share their modules: a mocked module, a
 * stubbed variable or global, fake timers, an environment variable set by hand.
 */
const SHARED_STATE =
  /\bvi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers)\(|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]/g;

/** The lines of a source that would leak into the files after it. */
const leaks = (path: string): string[] =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.match(SHARED_STATE) !== null)
    .map((line) => `${path}: ${line.trim()}`);

describe("the cdk project's files, which share one module cache per worker", () => {
  it("mock no module, stub no variable or global, fake no timer and set no environment variable", async () => {
    const files: string[] = [];
    for await (const file of glob("test/infra/cdk/**/*.ts")) files.push(file);
    expect(files).toContain("test/infra/cdk/marketplace-stack.test.ts");
    expect(files.flatMap(leaks)).toEqual([]);
  });

  it("would see a mocked module: the check finds the unit project's mock of node:http", () => {
    expect(leaks("test/shared/webhooks/webhook-client.test.ts")).toEqual([
      expect.stringContaining('vi.mock("node:http"'),
      expect.stringContaining('vi.mock("node:https"'),
    ]);
  });
});
