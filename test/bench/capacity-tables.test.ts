import { describe, expect, it } from "vitest";
import {
  type CapacityRow,
  renderAboveMinimum,
  renderCapacityTable,
  renderCostTable,
} from "./capacity-tables.js";
import { costPerMillion } from "./prices.js";

const row = (
  endpoint: string,
  fn: string,
  dynamodb: CapacityRow["dynamodb"],
  use: { billed: number; minimum: number | undefined; mb: number; ms: number; sqs: number; emails: number },
): CapacityRow => ({
  endpoint,
  function: fn,
  dynamodb,
  write_units_billed: use.billed,
  minimum_rounds: use.minimum,
  memory_mb: use.mb,
  handler: { p50_ms: use.ms },
  cost_per_million: costPerMillion({
    memoryMb: use.mb,
    durationMs: use.ms,
    readUnits: dynamodb.read_units,
    writeUnits: use.billed,
    sqsRequests: use.sqs,
    emails: use.emails,
  }),
});

const rows: CapacityRow[] = [
  row(
    "POST /api/v1/auth/api-key/create",
    "v1-auth",
    { requests: 2, rounds: 1, read_units: 1, write_units: 1, plan: ["GetItem+UpdateItem"] },
    { billed: 1, minimum: 1, mb: 256, ms: 5.4, sqs: 0, emails: 0 },
  ),
  row(
    "POST /api/v1/payout",
    "v1-payouts",
    {
      requests: 3,
      rounds: 3,
      read_units: 1.5,
      write_units: 8,
      plan: ["GetItem", "GetItem", "TransactWriteItems"],
    },
    { billed: 8, minimum: 2, mb: 256, ms: 20.65, sqs: 0, emails: 0 },
  ),
  row(
    "POST /api/v2/gift",
    "v2-purchases",
    {
      requests: 3,
      rounds: 2,
      read_units: 1.5,
      write_units: 16,
      plan: ["GetItem+GetItem", "TransactWriteItems"],
    },
    { billed: 29, minimum: undefined, mb: 512, ms: 21.05, sqs: 6, emails: 1 },
  ),
];

describe("the capacity part's tables", () => {
  it("renders requests, rounds beside the minimum (bold above it), capacity units and the plan", () => {
    expect(renderCapacityTable(rows)).toBe(
      [
        "| Endpoint | Function | requests | rounds (minimum) | RRU | WRU billed (Local) | plan |",
        "| --- | --- | --- | --- | --- | --- | --- |",
        "| POST /api/v1/auth/api-key/create | v1-auth | 2 | 1 (1) | 1 | 1 (1) | GetItem+UpdateItem |",
        "| POST /api/v1/payout | v1-payouts | 3 | **3** (2) | 1.5 | 8 (8) | GetItem → GetItem → TransactWriteItems |",
        "| POST /api/v2/gift | v2-purchases | 3 | **2** (none) | 1.5 | 29 (16) | GetItem+GetItem → TransactWriteItems |",
      ].join("\n"),
    );
  });

  it("renders what a request uses and what a million cost, by service", () => {
    // Token exchange: 256 MB × 6 ms billed = 1,500 GB-s per million ($0.020 + $0.20 per request);
    // 1 RRU × $0.125 + 1 WRU × $0.625 = $0.75. Payout: 256 MB × 21 ms = 5,250 GB-s; 1.5 RRU + 8 WRU
    // = $5.1875. Gift: 512 MB × 22 ms = 11,000 GB-s; 29 WRU; 6 SQS requests ($2.40); 1 e-mail ($100).
    expect(renderCostTable(rows)).toBe(
      [
        "| Endpoint | requests | rounds | RRU | WRU billed | MB | ms billed | Lambda GB-s | Lambda $ | API Gateway $ | DynamoDB $ | SQS $ | SES $ | total $ |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
        "| POST /api/v1/auth/api-key/create | 2 | 1 | 1 | 1 | 256 | 6 | 1,500 | 0.220 | 1.00 | 0.750 | 0.00 | 0.00 | **1.97** |",
        "| POST /api/v1/payout | 3 | 3 | 1.5 | 8 | 256 | 21 | 5,250 | 0.270 | 1.00 | 5.188 | 0.00 | 0.00 | **6.46** |",
        "| POST /api/v2/gift | 3 | 2 | 1.5 | 29 | 512 | 22 | 11,000 | 0.347 | 1.00 | 18.313 | 2.40 | 100.00 | **122.06** |",
      ].join("\n"),
    );
  });

  it("names the endpoints above their minimum under the capacity table, or says every one is at it", () => {
    expect(
      renderAboveMinimum(
        [
          {
            endpoint: "POST /api/v1/payout",
            rounds: 3,
            minimum: 2,
            plan: ["GetItem", "GetItem", "TransactWriteItems"],
          },
          {
            endpoint: "POST /api/v2/gift",
            rounds: 2,
            minimum: undefined,
            plan: ["GetItem+GetItem", "TransactWriteItems"],
          },
        ],
        3,
      ),
    ).toBe(
      "Above the written minimum: 2 of 3 endpoints (POST /api/v1/payout +1, POST /api/v2/gift (no minimum)).",
    );
    expect(renderAboveMinimum([], 27)).toBe("Every endpoint measured is at its minimum (27 of 27).");
  });
});
