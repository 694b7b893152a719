import { describe, expect, it } from "vitest";
import { describeUnexpectedExit } from "../../../infra/local/child-process.js";

describe("the line naming a local child that died", () => {
  it("names the child and the signal that ended it", () => {
    expect(describeUnexpectedExit({ name: "DynamoDB Local", code: null, signal: "SIGKILL" })).toBe(
      "DynamoDB Local exited unexpectedly (signal SIGKILL)",
    );
  });

  it("names the child and its exit code when it exited on its own", () => {
    expect(describeUnexpectedExit({ name: "fauxqs", code: 1, signal: null })).toBe(
      "fauxqs exited unexpectedly (exit code 1)",
    );
  });
});
