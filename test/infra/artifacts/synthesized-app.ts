import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const PROJECT_ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const CDK = join(PROJECT_ROOT, "node_modules", "aws-cdk", "bin", "cdk");

/** A cloud assembly `cdk synth` wrote into a folder of its own, removed by `remove`. */
export interface SynthesizedApp {
  readonly dir: string;
  remove(): void;
}

/**
 * The environment synth runs with: this process's, less every AWS and CDK setting. The test workers
 * carry the local stack's credentials and endpoints, with which the CLI would try to look up an account;
 * without them it synthesizes for an unknown account, as `npm run synth` does on a machine with none.
 */
const synthEnvironment = (): NodeJS.ProcessEnv =>
  Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith("AWS_") && !name.startsWith("CDK_")),
  );

/** Ends the CLI and everything it started (the app, esbuild): it leads a process group of its own. */
const stopGroup = (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // Already gone.
  }
};

/**
 * Runs `cdk synth` exactly as an operator would (the project's cdk.json, its app and context), into a
 * new temporary folder: never the checkout's cdk.out, which another process may be reading or writing.
 * Rejects with the CLI's output when it fails. `signal` ends the CLI and its children at once.
 */
export const synthesize = async (signal?: AbortSignal): Promise<SynthesizedApp> => {
  const dir = mkdtempSync(join(tmpdir(), "marketplace-synth-"));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [CDK, "synth", "--quiet", "--no-notices", "--output", dir], {
        cwd: PROJECT_ROOT,
        env: synthEnvironment(),
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      });
      let output = "";
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString("utf8")).slice(-20_000);
      };
      child.stdout?.on("data", keep);
      child.stderr?.on("data", keep);
      const abort = () => stopGroup(child);
      signal?.addEventListener("abort", abort, { once: true });
      child.once("error", reject);
      child.once("exit", (code, exitSignal) => {
        signal?.removeEventListener("abort", abort);
        if (code === 0) resolve();
        else reject(new Error(`cdk synth failed (${code ?? exitSignal}):\n${output}`));
      });
    });
    return { dir, remove };
  } catch (error) {
    remove();
    throw error;
  }
};
