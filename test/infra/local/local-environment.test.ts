import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { localConfigFromEnv, localSecret } from "../../../infra/local/local-environment.js";

const scratch = mkdtempSync(join(tmpdir(), "local-state-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const permissions = (path: string) => statSync(path).mode & 0o777;

describe("the local state folder", () => {
  it("is created readable by its owner alone (0700), with the master secret 0600 inside", () => {
    const stateDir = join(scratch, "new");
    const config = { ...localConfigFromEnv({}), stateDir };
    localSecret(config, "master-secret");
    expect(permissions(stateDir)).toBe(0o700);
    expect(permissions(join(stateDir, "master-secret"))).toBe(0o600);
  });

  it("is tightened to 0700 when an older version left it 0755", () => {
    const stateDir = join(scratch, "old");
    mkdirSync(stateDir);
    chmodSync(stateDir, 0o755);
    localSecret({ ...localConfigFromEnv({}), stateDir }, "master-secret");
    expect(permissions(stateDir)).toBe(0o700);
  });
});
