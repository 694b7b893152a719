import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assertPortFree, captureOutput, type StartingChild, waitUntilReady } from "./child-process.js";
import { type LocalStackConfig, localEndpoints, privateStateDir } from "./local-environment.js";

/** Our entry point for the child: fauxqs's CLI ignores every persistence setting (see fauxqs-main.ts). */
const FAUXQS_MAIN = fileURLToPath(new URL("./fauxqs-main.ts", import.meta.url));

/**
 * Starts fauxqs (SQS and S3 over their real wire protocols) as a child process and waits for its health
 * check. With persistence its queues, messages, buckets and objects live in SQLite under the state folder.
 */
export const startFauxqs = async (config: LocalStackConfig): Promise<StartingChild> => {
  await assertPortFree("fauxqs", config.host, config.fauxqsPort);
  const dataDir = join(config.stateDir, "fauxqs");
  // Inside the private state folder: the files hold every seller's data.
  if (config.persist) mkdirSync(join(privateStateDir(config), "fauxqs"), { recursive: true, mode: 0o700 });
  // fauxqs-main.ts binds the stack's address alone: fauxqs by itself listens on every interface.
  const options = { host: config.host, port: config.fauxqsPort, ...(config.persist ? { dataDir } : {}) };
  // stdin stays an open pipe: fauxqs-main.ts stops when it closes, that is when this process is gone.
  const child = spawn(process.execPath, [FAUXQS_MAIN, JSON.stringify(options)], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  const output = captureOutput(child);
  const health = `${localEndpoints(config).fauxqs}/health`;
  const ready = waitUntilReady("fauxqs", child, async () => (await fetch(health)).ok, output);
  return { name: "fauxqs", child, ready };
};
