import { describe, expect, it } from "vitest";
import { settled } from "./settled.js";

describe("settled", () => {
  it("stops at the first answer the test's own toEqual accepts, whatever order its keys come in", async () => {
    let reads = 0;
    const answer = await settled(
      async () => {
        reads += 1;
        return { status: 200, body: { data: [{ product_id: "p1", name: "n" }] } };
      },
      { status: 200, body: { data: [{ name: "n", product_id: "p1" }] } },
      2_000,
    );
    expect(reads).toBe(1);
    expect(answer).toEqual({ status: 200, body: { data: [{ name: "n", product_id: "p1" }] } });
  });

  it("reads again until the answer matches, and returns it", async () => {
    const answers = [{ listed: false }, { listed: false }, { listed: true }];
    let reads = 0;
    const answer = await settled(async () => answers[reads++], { listed: true });
    expect({ reads, answer }).toEqual({ reads: 3, answer: { listed: true } });
  });

  it("returns the last answer once the time is up, so the test's assertion shows the difference", async () => {
    let reads = 0;
    // A deadline already past: one read, returned as it is.
    const answer = await settled(async () => ({ reads: ++reads }), { reads: 0 }, -1);
    expect(answer).toEqual({ reads: 1 });
  });
});
