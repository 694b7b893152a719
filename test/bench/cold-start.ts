import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { BYTES_BUDGET, bundle, clients, clientsIn, needed } from "../support/function-bundles.js";

/**
 * `npm run bench -- cold-start`: per Lambda, the bundle as CDK builds it (esbuild, ESM, node24, minified)
 * and the time to import it in a fresh Node process (median of RUNS), beside a baseline bundle that only
 * creates the AWS SDK clients the function needs (not those its bundle happens to carry). Budget: bytes ≤ baseline + 150 KB, import ≤ 1.25 × baseline.
 */
const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 15);
const IMPORT_BUDGET = 1.25;

interface ImportSample {
  readonly ms: number;
  readonly rssMb: number;
}

/** One import of a file in a fresh Node process: milliseconds and the process's resident memory after it. */
const importOnce = (file: string): ImportSample => {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); console.log(performance.now() - t, process.memoryUsage().rss);`;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
    env: { ...process.env, AWS_REGION: "eu-central-1", NODE_OPTIONS: "" },
  });
  if (run.status !== 0) throw new Error(`import of ${file} failed: ${run.stderr}`);
  const [ms, rss] = run.stdout.trim().split(" ").map(Number);
  return { ms: ms ?? Number.NaN, rssMb: (rss ?? Number.NaN) / 2 ** 20 };
};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * Medians of a function's import and its baseline's, sampled alternately: the machine's load drifts
 * during a run, and pairing keeps the ratio about the bundles rather than the moment each was timed.
 */
const pairedImports = (file: string, baselineFile: string) => {
  const own: ImportSample[] = [];
  const base: ImportSample[] = [];
  for (let i = 0; i < RUNS; i++) {
    own.push(importOnce(file));
    base.push(importOnce(baselineFile));
  }
  return {
    ms: Number(median(own.map((s) => s.ms)).toFixed(1)),
    rssMb: Math.round(median(own.map((s) => s.rssMb))),
    baselineMs: Number(median(base.map((s) => s.ms)).toFixed(1)),
  };
};

/** Runs the cold-start part; returns the budgets missed. */
export const runColdStartBench = async (): Promise<string[]> => {
  const dir = mkdtempSync(join(tmpdir(), "marketplace-bench-cold-"));
  const failures: string[] = [];
  const rows: Record<string, unknown>[] = [];
  try {
    const baselines = new Map<string, { file: string; bytes: number }>();
    for (const fn of readdirSync("functions").sort()) {
      const out = join(dir, `${fn}.mjs`);
      const metafile = await bundle(join("functions", fn, "handler.ts"), out);
      const used = needed(fn);
      const carried = clientsIn(metafile);
      const key = used.join("+");
      let baseline = baselines.get(key);
      if (!baseline) {
        const source = join(dir, `baseline-${baselines.size}.ts`);
        writeFileSync(source, used.map((name) => clients[name]).join("\n"));
        const built = join(dir, `baseline-${baselines.size}.mjs`);
        await bundle(source, built);
        baseline = { file: built, bytes: statSync(built).size };
        baselines.set(key, baseline);
      }
      const bytes = statSync(out).size;
      const timed = pairedImports(out, baseline.file);
      const row = {
        function: fn,
        "needs clients": used.map((name) => name.replace("client-", "")).join(", "),
        "bundle carries": carried.map((name) => name.replace("client-", "")).join(", "),
        "bundle KB": Math.round(bytes / 1024),
        "baseline KB": Math.round(baseline.bytes / 1024),
        "import ms": timed.ms,
        "baseline ms": timed.baselineMs,
        "import ratio": Number((timed.ms / timed.baselineMs).toFixed(2)),
        "RSS MB after import": timed.rssMb,
      };
      rows.push(row);
      if (bytes > baseline.bytes + BYTES_BUDGET) {
        failures.push(`${fn}: bundle ${row["bundle KB"]} KB > baseline ${row["baseline KB"]} KB + 150 KB`);
      }
      if (timed.ms > IMPORT_BUDGET * timed.baselineMs)
        failures.push(`${fn}: import ${row["import ratio"]}× baseline`);
    }
    console.table(rows);
    mkdirSync("bench-results", { recursive: true });
    const file = join("bench-results", `cold-start-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    writeFileSync(file, JSON.stringify({ runs: RUNS, node: process.version, rows, failures }, null, 2));
    console.log(`Results written to ${file}`);
    for (const failure of failures) console.error(`over budget: ${failure}`);
    return failures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
