import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { stopChild } from "../../../infra/local/child-process.js";

const SCRIPT = fileURLToPath(new URL("./synthesize-template.ts", import.meta.url));
const PROJECT_ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/** A template being synthesized in a process of its own. */
export interface TemplateSynthesis {
  /** Resolves once `file` holds the template; rejects with the process's output if it failed. */
  readonly written: Promise<void>;
  /** Stops the process if it still runs. */
  stop(): Promise<void>;
}

/**
 * Synthesizes the stack's template into `file` in a child process, so the seconds CDK takes pass while
 * the stacks start and the tests run, not at the end of the run (vitest gives its teardown ten seconds).
 */
export const startTemplateSynthesis = (file: string): TemplateSynthesis => {
  const child = spawn(process.execPath, ["--import", "tsx", SCRIPT, file], {
    cwd: PROJECT_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  for (const stream of [child.stdout, child.stderr])
    stream?.on("data", (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-4000);
    });
  const written = new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) =>
      code === 0
        ? resolve()
        : reject(
            new Error(`Synthesizing the template for the IAM check failed (${code ?? signal}):\n${output}`),
          ),
    );
  });
  written.catch(() => undefined);
  return { written, stop: () => stopChild(child) };
};
