// The ops CLI in a thread of its own (ops-runner.ts): its `process.env` is the artifact stack's settings,
// apart from the test worker's, so the CLI's services reach that stack and nothing else. Loaded through tsx.
import { parentPort } from "node:worker_threads";
import { runCommandLine } from "../../../infra/ops/run-command-line.js";
import type { OpsReply, OpsRequest } from "./ops-protocol.js";

const port = parentPort;
port?.on("message", async ({ id, args, env }: OpsRequest) => {
  // The command's own settings (e.g. UNPAID_ORDER_MINUTES), for this command only.
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  let stdout = "";
  let stderr = "";
  let code: number;
  try {
    code = await runCommandLine([...args], {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      env: process.env,
    });
  } catch (error) {
    code = 1;
    stderr += String(error);
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  port.postMessage({ id, code, stdout, stderr } satisfies OpsReply);
});
