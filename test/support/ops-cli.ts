import { spawn } from "node:child_process";
import { inject } from "vitest";

/** What one ops CLI run printed and how it exited. */
export interface OpsResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `npm run ops -- <args>`'s program as a child process, pointed at the stack under test. */
export const runOps = (args: string[], env: Record<string, string> = {}): Promise<OpsResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "infra/ops/cli.ts", ...args], {
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...inject("opsEnv"), ...env },
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
