import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { localConfigFromEnv } from "../../infra/local/local-environment.js";
import { startLocalStack } from "../../infra/local/local-stack.js";
import { freePort } from "../support/free-port.js";
import { withFreshPorts } from "../support/port-conflicts.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the local gateway, e.g. http://127.0.0.1:41234. */
    gatewayUrl: string;
    /** The environment the stack's handlers run with; test files apply it to reach the same services. */
    stackEnv: Record<string, string>;
    /** Environment for a child process (ops CLI) to find this stack the way `npm run ops` would. */
    opsEnv: Record<string, string>;
  }
}

/** Starts one local stack (DynamoDB Local, fauxqs, gateway, pollers) for the whole test run. */
export default async function setup(project: TestProject) {
  const stateDir = mkdtempSync(join(tmpdir(), "marketplace-test-"));
  const opsEnv = {
    PORT: String(await freePort()),
    DYNAMODB_LOCAL_PORT: String(await freePort()),
    FAUXQS_PORT: String(await freePort()),
    LOCAL_STATE: "memory",
    LOCAL_STATE_DIR: stateDir,
    // Five receives a second apart, so retry and dead-letter behaviour shows within seconds.
    WEBHOOK_RETRY_DELAYS_SECONDS: "1,1,1,1",
  };
  Object.assign(process.env, {
    WEBHOOK_RETRY_DELAYS_SECONDS: opsEnv.WEBHOOK_RETRY_DELAYS_SECONDS,
    // Revocations and blocks take effect on the next request, so tests can assert them exactly.
    TOKEN_STATUS_CACHE_SECONDS: "0",
    // The token exchange runs with its default limits: every test file exchanges good keys from
    // 127.0.0.1, and only refused keys count against an address (a handful across the suite).
  });
  // A port taken between choosing it and binding it (another suite on the machine) costs fresh ports and
  // a second start, not the run.
  const { result: stack } = await withFreshPorts(
    async () =>
      Object.assign(opsEnv, {
        PORT: String(await freePort()),
        DYNAMODB_LOCAL_PORT: String(await freePort()),
        FAUXQS_PORT: String(await freePort()),
      }),
    (ports) => startLocalStack(localConfigFromEnv({ ...process.env, ...ports })),
  );
  const stackEnvNames = [
    "AWS_REGION",
    "AWS_ACCESS_KEY_ID",
    "AWS_SECRET_ACCESS_KEY",
    "AWS_ENDPOINT_URL_DYNAMODB",
    "AWS_ENDPOINT_URL_SQS",
    "AWS_ENDPOINT_URL_S3",
    "S3_FORCE_PATH_STYLE",
    "TABLE_NAME",
    "IMAGE_BUCKET",
    "PUBLIC_IMAGE_BASE_URL",
    "WEBHOOK_QUEUE_URL",
    "WEBHOOK_DLQ_URL",
    "EMAIL_DLQ_URL",
    "EMAIL_QUEUE_URL",
    "MAIL_OUTBOX_FILE",
    "WEBHOOK_RETRY_DELAYS_SECONDS",
    "PUBLIC_BASE_URL",
    "MASTER_SECRET",
    "PAYMENT_CALLBACK_SECRET",
    "LOCAL_MODE",
  ];
  const stackEnv = Object.fromEntries(stackEnvNames.map((name) => [name, process.env[name] ?? ""]));
  project.provide("gatewayUrl", stack.url);
  project.provide("stackEnv", stackEnv);
  project.provide("opsEnv", opsEnv);
  return async () => {
    await stack.stop();
    rmSync(stateDir, { recursive: true, force: true });
  };
}
