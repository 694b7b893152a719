import { glob } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { filesSharingState, sharedStateLines } from "./shared-state.js";

describe("files that share one module cache per worker (isolate: false)", () => {
  it("the cdk project's files mock no module, spy on nothing shared, fake no timer and set no environment variable", async () => {
    const files: string[] = [];
    for await (const file of glob("test/infra/cdk/**/*.ts")) files.push(file);
    expect(files).toContain("test/infra/cdk/marketplace-stack.test.ts");
    expect(files.flatMap(sharedStateLines)).toEqual([]);
  });

  it("sees a mocked module, a spy and an environment variable set by hand", () => {
    expect(sharedStateLines("test/shared/webhooks/webhook-client.test.ts")).toEqual([
      expect.stringContaining('vi.mock("node:http"'),
      expect.stringContaining('vi.mock("node:https"'),
    ]);
    expect(sharedStateLines("test/shared/aws/outbox-stream-forwarder.test.ts")).toEqual([
      expect.stringContaining("vi.spyOn("),
    ]);
    expect(sharedStateLines("test/shared/reference/reference-files.test.ts")).toEqual([
      expect.stringContaining("process.env."),
    ]);
  });

  it("runs the files that change shared state isolated, and only those", () => {
    const isolated = filesSharingState("test/**/*.stack.test.ts");
    expect(isolated).toContain("test/security/hostile-bodies.stack.test.ts");
    expect(isolated).toContain("test/infra/local/stream-poller.stack.test.ts");
    expect(isolated).not.toContain("test/shared/favorites/favorite-listing.stack.test.ts");
    expect(filesSharingState("test/**/*.test.ts", ["test/**/*.stack.test.ts"])).toContain(
      "test/shared/webhooks/ssrf-guard.test.ts",
    );
  });
});
