import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { BYTES_BUDGET, baselineSource, bundle, clientsIn, needed } from "../support/function-bundles.js";
import { nextToPair, type PairedRatio, type PairingPlan, pairedRatio } from "./paired-ratio.js";

/**
 * `npm run bench -- cold-start`: per Lambda, the bundle as CDK builds it (esbuild, ESM, node24, minified)
 * and what it costs to import in a fresh Node process, beside a baseline bundle that only creates the
 * AWS SDK clients the function needs (not those its bundle happens to carry) and, since #24, the
 * Powertools logger and metrics every function carries. Imports are timed in
 * pairs, the function then its baseline, each in its own fresh process; the ratio is the median of the
 * pair ratios of the CPU time the import took (user + system, every thread of the process), which a
 * busy machine stretches far less than the wall-clock time, also recorded. Every function gets
 * `PLAN.min` pairs, then pairs go to the function whose ratio is least precise until every 95 %
 * interval is within ±`PLAN.precision` (at most `PLAN.max` per function, no new pairs after SECONDS).
 * Budget: bytes ≤ baseline + BYTES_BUDGET (155 KB), import ratio ≤ 1.25.
 */
const env = process.env;
const PLAN: PairingPlan = {
  min: Number(env.BENCH_COLD_MIN_PAIRS ?? 20),
  max: Number(env.BENCH_COLD_MAX_PAIRS ?? 60),
  precision: Number(env.BENCH_COLD_PRECISION ?? 0.02),
};
const SECONDS = Number(env.BENCH_COLD_SECONDS ?? 240);
/** Pairs added at a time to the least precise function. */
const BATCH = 4;
const IMPORT_BUDGET = 1.25;

interface ImportSample {
  /** CPU time of the import (user + system, all threads), wall-clock time, resident memory after it. */
  readonly cpuMs: number;
  readonly wallMs: number;
  readonly rssMb: number;
}

/** One import of a file in a fresh Node process. */
const importOnce = (file: string): ImportSample => {
  const script = `const c = process.cpuUsage(); const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); const w = performance.now() - t; const u = process.cpuUsage(c); console.log((u.user + u.system) / 1000, w, process.memoryUsage().rss);`;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
    env: { ...process.env, AWS_REGION: "eu-central-1", NODE_OPTIONS: "" },
  });
  if (run.status !== 0) throw new Error(`import of ${file} failed: ${run.stderr}`);
  const [cpu, wall, rss] = run.stdout.trim().split(" ").map(Number);
  return { cpuMs: cpu ?? Number.NaN, wallMs: wall ?? Number.NaN, rssMb: (rss ?? Number.NaN) / 2 ** 20 };
};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** A function's bundle and its baseline's, and the imports timed so far, pair by pair. */
interface Subject {
  readonly file: string;
  readonly baselineFile: string;
  readonly own: ImportSample[];
  readonly base: ImportSample[];
}

/** `count` more pairs: the function's import, then its baseline's, alternating. */
const pairImports = (subject: Subject, count: number): void => {
  for (let i = 0; i < count; i++) {
    subject.own.push(importOnce(subject.file));
    subject.base.push(importOnce(subject.baselineFile));
  }
};

const estimateOf = (subject: Subject): PairedRatio =>
  pairedRatio(
    subject.own.map((s) => s.cpuMs),
    subject.base.map((s) => s.cpuMs),
  );

/** Runs the cold-start part; returns the budgets missed. */
export const runColdStartBench = async (): Promise<string[]> => {
  const dir = mkdtempSync(join(tmpdir(), "marketplace-bench-cold-"));
  const missed: string[] = [];
  try {
    const baselines = new Map<string, { file: string; bytes: number }>();
    const built: { fn: string; used: string[]; carried: string[]; bytes: number; baselineBytes: number }[] =
      [];
    const subjects = new Map<string, Subject>();
    for (const fn of readdirSync("functions").sort()) {
      const out = join(dir, `${fn}.mjs`);
      const metafile = await bundle(join("functions", fn, "handler.ts"), out);
      const used = needed(fn);
      const key = used.join("+");
      let baseline = baselines.get(key);
      if (!baseline) {
        const source = join(dir, `baseline-${baselines.size}.ts`);
        writeFileSync(source, baselineSource(used));
        const file = join(dir, `baseline-${baselines.size}.mjs`);
        await bundle(source, file);
        baseline = { file, bytes: statSync(file).size };
        baselines.set(key, baseline);
      }
      built.push({
        fn,
        used,
        carried: clientsIn(metafile),
        bytes: statSync(out).size,
        baselineBytes: baseline.bytes,
      });
      subjects.set(fn, { file: out, baselineFile: baseline.file, own: [], base: [] });
    }

    const started = performance.now();
    const estimates = new Map<string, PairedRatio>();
    for (const [fn, subject] of subjects) {
      pairImports(subject, PLAN.min);
      estimates.set(fn, estimateOf(subject));
    }
    for (
      let fn = nextToPair(estimates, PLAN);
      fn !== undefined && performance.now() - started < SECONDS * 1000;
      fn = nextToPair(estimates, PLAN)
    ) {
      const subject = subjects.get(fn);
      if (!subject) break;
      pairImports(subject, BATCH);
      estimates.set(fn, estimateOf(subject));
    }
    const seconds = Math.round((performance.now() - started) / 1000);

    const rows = built.map(({ fn, used, carried, bytes, baselineBytes }) => {
      const subject = subjects.get(fn);
      const estimate = estimates.get(fn);
      if (!subject || !estimate) throw new Error(`${fn} was not timed`);
      return {
        function: fn,
        "needs clients": used.map((name) => name.replace("client-", "")).join(", "),
        "bundle carries": carried.map((name) => name.replace("client-", "")).join(", "),
        "bundle KB": Math.round(bytes / 1024),
        "baseline KB": Math.round(baselineBytes / 1024),
        "import CPU ms": Number(median(subject.own.map((s) => s.cpuMs)).toFixed(1)),
        "baseline CPU ms": Number(median(subject.base.map((s) => s.cpuMs)).toFixed(1)),
        "import ratio": Number(estimate.ratio.toFixed(2)),
        "± (95 %)": Number(estimate.halfWidth.toFixed(3)),
        pairs: estimate.pairs,
        "import wall ms": Number(median(subject.own.map((s) => s.wallMs)).toFixed(1)),
        "baseline wall ms": Number(median(subject.base.map((s) => s.wallMs)).toFixed(1)),
        "RSS MB after import": Math.round(median(subject.own.map((s) => s.rssMb))),
      };
    });
    for (const [i, row] of rows.entries()) {
      const { bytes, baselineBytes } = built[i] ?? { bytes: 0, baselineBytes: 0 };
      if (bytes > baselineBytes + BYTES_BUDGET)
        missed.push(
          `${row.function}: bundle ${row["bundle KB"]} KB > baseline ${row["baseline KB"]} KB + ${BYTES_BUDGET / 1024} KB`,
        );
      if (row["import ratio"] > IMPORT_BUDGET)
        missed.push(`${row.function}: import ${row["import ratio"]}× baseline (± ${row["± (95 %)"]})`);
      if (row["± (95 %)"] > PLAN.precision)
        console.log(`${row.function}: ratio known only to ± ${row["± (95 %)"]} after ${row.pairs} pairs`);
    }
    console.table(rows);
    const load = loadavg();
    console.log(
      `${[...estimates.values()].reduce((sum, e) => sum + e.pairs, 0)} pairs in ${seconds} s; load average ${load.map((l) => l.toFixed(2)).join(", ")}`,
    );
    mkdirSync("bench-results", { recursive: true });
    const file = join("bench-results", `cold-start-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          plan: { ...PLAN, seconds: SECONDS, batch: BATCH },
          node: process.version,
          load_average_after: load,
          sampling_seconds: seconds,
          rows,
          samples: Object.fromEntries([...subjects].map(([fn, s]) => [fn, { own: s.own, base: s.base }])),
          missed,
        },
        null,
        2,
      ),
    );
    console.log(`Results written to ${file}`);
    for (const miss of missed) console.error(`over budget: ${miss}`);
    return missed;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
