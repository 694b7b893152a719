import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/**
 * `npm run bench [-- <part> ...]`: every part on its own fresh local stack. Without a part it runs the
 * parts that finish in minutes (cold-start, pipeline, lists); `search` (10k and 100k products, about 80 minutes)
 * runs only when named. Exits 1 when a part reports a failure or a budget it missed.
 */
const parts: Record<string, () => Promise<string[]>> = {
  pipeline: async () => (await import("./pipeline.js")).runPipelineBench(),
  lists: async () => (await import("./lists.js")).runListsBench(),
  "cold-start": async () => (await import("./cold-start.js")).runColdStartBench(),
  search: async () => {
    await (await import("./search.js")).runSearchBench();
    return process.exitCode === 1 ? ["search checks failed"] : [];
  },
};
const DEFAULT_PARTS = ["cold-start", "pipeline", "lists"];

const requested = process.argv.slice(2);
const unknown = requested.filter((part) => !(part in parts));
if (unknown.length > 0) {
  console.error(`Unknown bench part(s): ${unknown.join(", ")}; parts: ${Object.keys(parts).join(", ")}`);
  process.exitCode = 2;
} else if (requested.length === 1) {
  const [part] = requested;
  const run = part === undefined ? undefined : parts[part];
  const failures = run ? await run() : [];
  if (failures.length > 0) {
    console.error(`\n${failures.length} failure(s) in ${part}:\n${failures.join("\n")}`);
    process.exitCode = 1;
  }
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
    console.error(`\nbench parts that failed or missed a budget: ${failed.join(", ")}`);
    process.exitCode = 1;
  }
}
