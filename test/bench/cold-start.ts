import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Metafile } from "esbuild";

/**
 * `npm run bench -- cold-start`: per Lambda, the bundle as CDK builds it (esbuild, ESM, node24, minified)
 * and the time to import it in a fresh Node process (median of RUNS), beside a baseline bundle that only
 * creates the AWS SDK clients the function needs (not those its bundle happens to carry). Budget: bytes ≤ baseline + 150 KB, import ≤ 1.25 × baseline.
 */
const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 15);
const BYTES_BUDGET = 150 * 1024;
const IMPORT_BUDGET = 1.25;

// Same options as infra/cdk/marketplace-function.ts, so the bytes are the deployed ones.
const bundle = async (entry: string, outfile: string): Promise<Metafile> => {
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    minify: true,
    mainFields: ["module", "main"],
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    metafile: true,
    logLevel: "error",
    // Baseline entries live in a temporary folder; they resolve the SDK from this project.
    nodePaths: [join(process.cwd(), "node_modules")],
  });
  return result.metafile;
};

/** The SDK clients a bundle pulls in, and the line that creates each in the baseline. */
const clients: Record<string, string> = {
  "client-dynamodb":
    'import { DynamoDBClient } from "@aws-sdk/client-dynamodb"; import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb"; export const d = DynamoDBDocumentClient.from(new DynamoDBClient({}));',
  "client-s3": 'import { S3Client } from "@aws-sdk/client-s3"; export const s = new S3Client({});',
  "client-sqs": 'import { SQSClient } from "@aws-sdk/client-sqs"; export const q = new SQSClient({});',
  "client-ses": 'import { SESClient } from "@aws-sdk/client-ses"; export const e = new SESClient({});',
  "client-secrets-manager":
    'import { SecretsManagerClient } from "@aws-sdk/client-secrets-manager"; export const m = new SecretsManagerClient({});',
};

/**
 * The clients each function needs for its own work (the budget's baseline), as opposed to those its
 * bundle happens to carry: every API group reads the table and the master secret; image groups write to
 * S3; the mailer sends with SES; the webhook sender and the outbox forwarder use SQS.
 */
const API = ["client-dynamodb", "client-secrets-manager"];
const needs: Record<string, string[]> = {
  "catalogue-indexer": ["client-dynamodb"],
  mailer: ["client-dynamodb", "client-secrets-manager", "client-ses"],
  maintenance: ["client-dynamodb"],
  outbox: ["client-sqs"],
  payments: API,
  "v1-products": [...API, "client-s3"],
  "v1-seller": [...API, "client-s3"],
  webhooks: [...API, "client-sqs"],
};
const needed = (fn: string): string[] => needs[fn] ?? API;

const clientsIn = (metafile: Metafile): string[] =>
  Object.keys(clients).filter((name) =>
    Object.keys(metafile.inputs).some((input) => input.includes(`node_modules/@aws-sdk/${name}/`)),
  );

/** Median milliseconds to import a file in a fresh Node process. */
const importMs = (file: string): number => {
  const samples: number[] = [];
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); console.log(performance.now() - t);`;
  for (let i = 0; i < RUNS; i++) {
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
      env: { ...process.env, AWS_REGION: "eu-central-1", NODE_OPTIONS: "" },
    });
    if (run.status !== 0) throw new Error(`import of ${file} failed: ${run.stderr}`);
    samples.push(Number(run.stdout.trim()));
  }
  samples.sort((a, b) => a - b);
  return Number((samples[Math.floor(samples.length / 2)] ?? 0).toFixed(1));
};

/** Runs the cold-start part; returns the budgets missed. */
export const runColdStartBench = async (): Promise<string[]> => {
  const dir = mkdtempSync(join(tmpdir(), "marketplace-bench-cold-"));
  const failures: string[] = [];
  const rows: Record<string, unknown>[] = [];
  try {
    const baselines = new Map<string, { bytes: number; ms: number }>();
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
        baseline = { bytes: statSync(built).size, ms: importMs(built) };
        baselines.set(key, baseline);
      }
      const bytes = statSync(out).size;
      const ms = importMs(out);
      const row = {
        function: fn,
        "needs clients": used.map((name) => name.replace("client-", "")).join(", "),
        "bundle carries": carried.map((name) => name.replace("client-", "")).join(", "),
        "bundle KB": Math.round(bytes / 1024),
        "baseline KB": Math.round(baseline.bytes / 1024),
        "import ms": ms,
        "baseline ms": baseline.ms,
        "import ratio": Number((ms / baseline.ms).toFixed(2)),
      };
      rows.push(row);
      if (bytes > baseline.bytes + BYTES_BUDGET) {
        failures.push(`${fn}: bundle ${row["bundle KB"]} KB > baseline ${row["baseline KB"]} KB + 150 KB`);
      }
      if (ms > IMPORT_BUDGET * baseline.ms) failures.push(`${fn}: import ${row["import ratio"]}× baseline`);
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
