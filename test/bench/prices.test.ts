import { describe, expect, it } from "vitest";
import { costPerMillion, PRICES_NOTE } from "./prices.js";

describe("cost per million requests", () => {
  it("adds Lambda, HTTP API, DynamoDB, SQS and SES at the public prices (a purchase-like request)", () => {
    expect(
      costPerMillion({
        memoryMb: 512,
        durationMs: 9.2,
        readUnits: 1.5,
        writeUnits: 8,
        sqsRequests: 3,
        emails: 1,
      }),
    ).toEqual({
      lambda_requests: 0.2,
      // 0.5 GB × 0.010 s (9.2 ms billed as 10 ms) × $0.0000133334 × 10^6
      lambda_duration: 0.066667,
      http_api: 1,
      // 1.5 RRU × $0.125 and 8 WRU × $0.625 per million
      dynamodb_reads: 0.1875,
      dynamodb_writes: 5,
      // 3 SQS requests × $0.40 per million; 1 e-mail × $0.10 per 1,000 = $100 per million
      sqs: 1.2,
      ses: 100,
      total: 107.654167,
    });
  });

  it("bills a whole millisecond as it is, and rounds the total only once (a read)", () => {
    expect(
      costPerMillion({
        memoryMb: 1024,
        durationMs: 1,
        readUnits: 0.5,
        writeUnits: 0,
        sqsRequests: 0,
        emails: 0,
      }),
    ).toEqual({
      lambda_requests: 0.2,
      // 1 GB × 0.001 s × $0.0000133334 × 10^6 = $0.0133334
      lambda_duration: 0.013333,
      http_api: 1,
      dynamodb_reads: 0.0625,
      dynamodb_writes: 0,
      sqs: 0,
      ses: 0,
      // 0.2 + 0.0133334 + 1 + 0.0625 = 1.2758334
      total: 1.275833,
    });
  });

  it("names the region and the date of the prices", () => {
    expect(PRICES_NOTE).toBe("us-east-1 public prices as of 2026-11-23");
  });
});
