import { spawn } from "node:child_process";

import { runCommandLine } from "../../infra/ops/run-command-line.js";
import { captureConsole } from "./console-capture.js";
import { workerStack } from "./worker-stack.js";

/** What one ops CLI run printed and how it exited. */
export interface OpsResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

// The settings a spawned CLI gets (the stack's ports and state folder), in this process's own
// environment: the CLI reads them from there and writes back the stack's environment, which
// stack-env.ts already gave this process, so its services reach the same stack as the gateway's.
Object.assign(process.env, workerStack().opsEnv);

/**
 * Runs `npm run ops -- <args>`'s program in this process, through the function the CLI's entry calls:
 * the same command line, exit code, stdout and stderr (log lines included) as a spawned CLI, without a
 * second or two of process start per command.
 */
export const runOps = async (args: string[]): Promise<OpsResult> => {
  let stdout = "";
  let stderr = "";
  const sinks = {
    stdout: (text: string) => {
      stdout += text;
    },
    stderr: (text: string) => {
      stderr += text;
    },
  };
  const code = await captureConsole(sinks, () =>
    runCommandLine(args, {
      stdout: { write: sinks.stdout },
      stderr: { write: sinks.stderr },
      env: process.env,
    }),
  );
  return { code, stdout, stderr };
};

/**
 * Runs the CLI as an operator does, `npm run -s ops -- <args>` in a process of its own, pointed at the
 * stack under test with `env` over its settings: the end-to-end check of the script and the real entry.
 */
export const spawnOps = (args: string[], env: Record<string, string> = {}): Promise<OpsResult> =>
  new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "-s", "ops", "--", ...args], {
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...workerStack().opsEnv, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString();
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });

/** What the CLI prints on stderr for bad arguments: the reason, then how the command is called, on one line. */
export const usageError = (reason: string, synopsis: string): string =>
  `${reason}; usage: npm run -s ops -- ${synopsis}\n`;
