import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { PartOutcome } from "./part-outcome.js";

/**
 * `npm run bench [-- <part> ...]`: every part on its own fresh local stack. Without a part it runs the
 * parts that finish in minutes (cold-start, pipeline, lists, load, capacity, key-upload, dashboard); `search` (10k and 100k
 * products, about 80 minutes) runs only when named. Exits 1 when a part fails a check (wrong answers,
 * totals, invariants, a list that is not flat, an endpoint above its minimum of rounds); a missed
 * budget (cold-start, load) is printed with its cause and recorded, and the exit stays 0.
 */
const checked = (failures: string[]): PartOutcome => ({ failures, missed: [] });
/** The cold-start part reports only budgets: what it returns is what it missed. */
const budgets = (missed: string[]): PartOutcome => ({ failures: [], missed });
const parts: Record<string, () => Promise<PartOutcome>> = {
  pipeline: async () => checked(await (await import("./pipeline.js")).runPipelineBench()),
  lists: async () => checked(await (await import("./lists.js")).runListsBench()),
  "cold-start": async () => budgets(await (await import("./cold-start.js")).runColdStartBench()),
  load: async () => (await import("./load.js")).runLoadBench(),
  capacity: async () => (await import("./capacity.js")).runCapacityBench(),
  "key-upload": async () => (await import("./key-upload.js")).runKeyUploadBench(),
  dashboard: async () => (await import("./dashboard-size.js")).runDashboardSizeBench(),
  search: async () => {
    await (await import("./search.js")).runSearchBench();
    return checked(process.exitCode === 1 ? ["search checks failed"] : []);
  },
};
const DEFAULT_PARTS = ["cold-start", "pipeline", "lists", "load", "capacity", "key-upload", "dashboard"];

const requested = process.argv.slice(2);
const unknown = requested.filter((part) => !(part in parts));
if (unknown.length > 0) {
  console.error(`Unknown bench part(s): ${unknown.join(", ")}; parts: ${Object.keys(parts).join(", ")}`);
  process.exitCode = 2;
} else if (requested.length === 1) {
  const [part] = requested;
  const run = part === undefined ? undefined : parts[part];
  const { failures, missed } = run ? await run() : { failures: [], missed: [] };
  if (missed.length > 0) console.log(`\n${missed.length} budget(s) missed in ${part}:\n${missed.join("\n")}`);
  if (failures.length > 0) {
    console.error(`\n${failures.length} failure(s) in ${part}:\n${failures.join("\n")}`);
  }
  // Set last: a part may have set it already (search), and nothing after this may clear it.
  process.exitCode = failures.length > 0 ? 1 : (process.exitCode ?? 0);
} else {
  // Each part in its own process: the service's clients are made once per process, for one local stack.
  const failed: string[] = [];
  for (const part of requested.length > 0 ? requested : DEFAULT_PARTS) {
    console.log(`\n### bench: ${part}`);
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), part], {
      stdio: "inherit",
    });
    if (child.status !== 0) failed.push(part);
  }
  if (failed.length > 0) {
    console.error(`\nbench parts that failed a check: ${failed.join(", ")}`);
    process.exitCode = 1;
  }
}
