import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Metafile } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BYTES_BUDGET, baselineSource, bundle, clientsIn, needed } from "../support/function-bundles.js";

const FUNCTIONS = join(import.meta.dirname, "../../functions");
const functions = readdirSync(FUNCTIONS).sort();
const dir = mkdtempSync(join(tmpdir(), "marketplace-bundles-"));
const metafiles = new Map<string, Metafile>();
const bytes = new Map<string, number>();
/** Bytes of a bundle that only creates the clients a function needs, by their list. */
const baselines = new Map<string, number>();

// Bundling all functions as CDK does takes a few seconds; bytes and the clients carried are deterministic.
beforeAll(async () => {
  for (const fn of functions) {
    const out = join(dir, `${fn}.mjs`);
    metafiles.set(fn, await bundle(join(FUNCTIONS, fn, "handler.ts"), out));
    bytes.set(fn, statSync(out).size);
    const key = needed(fn).join("+");
    if (!baselines.has(key)) {
      const source = join(dir, `baseline-${baselines.size}.ts`);
      writeFileSync(source, baselineSource(needed(fn)));
      const built = join(dir, `baseline-${baselines.size}.mjs`);
      await bundle(source, built);
      baselines.set(key, statSync(built).size);
    }
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

  it("weigh at most the SDK clients and Powertools their function needs plus 155 KB", () => {
    const over = functions.flatMap((fn) => {
      const limit = (baselines.get(needed(fn).join("+")) as number) + BYTES_BUDGET;
      const size = bytes.get(fn) as number;
      return size > limit ? [`${fn}: ${size} bytes > ${limit}`] : [];
    });
    expect(over).toEqual([]);
  });
});
