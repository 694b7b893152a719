import { describe, expect, it } from "vitest";
import { brokenAt } from "./broken-answers.js";

describe("brokenAt (DASHBOARD_BREAK's change to an answer)", () => {
  it("adds one to a number, '!' to a string, flips a boolean and drops a list's last item, at a dotted path", () => {
    const answer = {
      status: "success",
      data: { balance: 1500, name: "Store", open: true, rows: [{ id: "a" }, { id: "b" }] },
    };
    expect(brokenAt(answer, ["data", "balance"])).toEqual({
      ...answer,
      data: { ...answer.data, balance: 1501 },
    });
    expect(brokenAt(answer, ["data", "name"])).toEqual({
      ...answer,
      data: { ...answer.data, name: "Store!" },
    });
    expect(brokenAt(answer, ["data", "open"])).toEqual({ ...answer, data: { ...answer.data, open: false } });
    expect(brokenAt(answer, ["data", "rows"])).toEqual({
      ...answer,
      data: { ...answer.data, rows: [{ id: "a" }] },
    });
    expect(brokenAt(answer, ["data", "rows", "1", "id"])).toEqual({
      ...answer,
      data: { ...answer.data, rows: [{ id: "a" }, { id: "b!" }] },
    });
  });

  it("refuses a path that names nothing, so a mistyped break never passes for a test that cannot fail", () => {
    expect(() => brokenAt({ data: {} }, ["data", "balance"])).toThrow(
      "DASHBOARD_BREAK: no field 'balance' in {}",
    );
    expect(() => brokenAt({ data: null }, ["data"])).toThrow("DASHBOARD_BREAK: nothing to break in null");
  });
});
