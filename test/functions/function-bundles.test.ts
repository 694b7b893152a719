import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Metafile } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundle, clientsIn, needed } from "../support/function-bundles.js";

const FUNCTIONS = join(import.meta.dirname, "../../functions");
const functions = readdirSync(FUNCTIONS).sort();
const dir = mkdtempSync(join(tmpdir(), "marketplace-bundles-"));
const metafiles = new Map<string, Metafile>();

// Bundling all functions as CDK does takes a few seconds; bytes and the clients carried are deterministic.
beforeAll(async () => {
  for (const fn of functions) {
    metafiles.set(fn, await bundle(join(FUNCTIONS, fn, "handler.ts"), join(dir, `${fn}.mjs`)));
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("function bundles as CDK builds them", () => {
  it("carry no AWS client a function does not need for its own work", () => {
    const extra = Object.fromEntries(
      functions.map((fn) => [
        fn,
        clientsIn(metafiles.get(fn) as Metafile).filter((client) => !needed(fn).includes(client)),
      ]),
    );
    expect(extra).toEqual(Object.fromEntries(functions.map((fn) => [fn, []])));
  });
});
