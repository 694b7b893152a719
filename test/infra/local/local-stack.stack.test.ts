import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { localConfigFromEnv } from "../../../infra/local/local-environment.js";
import { startLocalStack } from "../../../infra/local/local-stack.js";
import { freePort } from "../../support/free-port.js";
import { withFreshPorts } from "../../support/port-conflicts.js";
import { childPids, waitUntilGone } from "../../support/processes.js";

const stateDir = mkdtempSync(join(tmpdir(), "marketplace-local-stack-"));
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

/** This process's child whose command line holds `marker` (a port both children are started with). */
const childWith = (marker: string): number => {
  const pid = childPids(process.pid).find((c) =>
    readFileSync(`/proc/${c}/cmdline`, "utf8").split("\0").join(" ").includes(marker),
  );
  if (pid === undefined) throw new Error(`no child runs with ${marker}`);
  return pid;
};

describe("local stack stop", () => {
  it("tells every poller to stop at once, so fauxqs ended by the same Ctrl-C logs no failed poll", async () => {
    const { ports: config, result: stack } = await withFreshPorts(
      async () =>
        localConfigFromEnv({
          PORT: "0",
          DYNAMODB_LOCAL_PORT: String(await freePort()),
          FAUXQS_PORT: String(await freePort()),
          LOCAL_STATE: "memory",
          LOCAL_STATE_DIR: stateDir,
        }),
      startLocalStack,
    );
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let java = 0;
    try {
      java = childWith(`-port ${config.dynamoPort}`);
      const fauxqs = childWith(`"port":${config.fauxqsPort}`);
      // A frozen DynamoDB Local holds the stream pollers' requests, so stopping them takes as long as it
      // stays frozen: the queue pollers must not be left polling meanwhile.
      process.kill(java, "SIGSTOP");
      await new Promise((r) => setTimeout(r, 500));
      const stopped = stack.stop();
      process.kill(fauxqs, "SIGKILL");
      await new Promise((r) => setTimeout(r, 2500));
      process.kill(java, "SIGCONT");
      await stopped;
      expect(errors.mock.calls).toEqual([]);
      expect(await waitUntilGone([java, fauxqs])).toEqual([]);
    } finally {
      errors.mockRestore();
      // A failed assertion above may leave it frozen, and the stack running; gone already is fine.
      try {
        if (java !== 0) process.kill(java, "SIGCONT");
      } catch {}
      await stack.stop();
    }
  });
});
