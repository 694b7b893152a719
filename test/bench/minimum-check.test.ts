import { describe, expect, it } from "vitest";
import { aboveMinimum, aboveMinimumLine, type MeasuredRounds } from "./minimum-check.js";

const minimums = {
  "POST /api/v1/payout": { rounds: 2, why: "account, then one debit transaction" },
  "GET /api/v2/search": { rounds: 3, why: "counts, one page of the facet, the page's products" },
};

const lines = (measured: MeasuredRounds[]) => aboveMinimum(measured, minimums).map(aboveMinimumLine);

describe("rounds against the written minimums", () => {
  it("passes endpoints at or below their minimum", () => {
    expect(
      lines([
        { endpoint: "POST /api/v1/payout", rounds: 2, plan: ["GetItem", "TransactWriteItems"] },
        { endpoint: "GET /api/v2/search", rounds: 3, plan: ["BatchGetItem", "Query", "BatchGetItem"] },
      ]),
    ).toEqual([]);
  });

  it("names each endpoint above its minimum with its rounds, minimum, excess and plan", () => {
    expect(
      lines([
        { endpoint: "POST /api/v1/payout", rounds: 3, plan: ["GetItem", "GetItem", "TransactWriteItems"] },
        { endpoint: "GET /api/v2/search", rounds: 3, plan: ["BatchGetItem", "Query", "BatchGetItem"] },
      ]),
    ).toEqual([
      "POST /api/v1/payout: 3 rounds, minimum 2 (+1); plan: GetItem → GetItem → TransactWriteItems",
    ]);
  });

  it("fails an endpoint with no minimum written", () => {
    expect(
      aboveMinimum([{ endpoint: "GET /api/v2/new", rounds: 1, plan: ["GetItem+Query"] }], minimums),
    ).toEqual([{ endpoint: "GET /api/v2/new", rounds: 1, plan: ["GetItem+Query"], minimum: undefined }]);
    expect(lines([{ endpoint: "GET /api/v2/new", rounds: 1, plan: ["GetItem+Query"] }])).toEqual([
      "GET /api/v2/new: 1 round and no minimum written (plan: GetItem+Query)",
    ]);
  });
});
