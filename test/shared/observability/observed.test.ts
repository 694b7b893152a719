import type { Context } from "aws-lambda";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "../../../shared/observability/logger.js";
import { observedHandler } from "../../../shared/observability/observed.js";
import { powertoolsMetricsSink } from "../../../shared/observability/powertools-metrics.js";
import { jsonLinesWrittenBy } from "../../support/written-lines.js";

// As in AWS: not Powertools' development mode, so lines and EMF are written as Lambda's log gets them.
vi.stubEnv("POWERTOOLS_DEV", "");
// Lambda's own, which Powertools reads to tell a cold start.
vi.stubEnv("AWS_LAMBDA_INITIALIZATION_TYPE", "on-demand");

const contextOf = (requestId: string): Context => ({
  callbackWaitsForEmptyEventLoop: false,
  functionName: "Marketplace-Mailer",
  functionVersion: "$LATEST",
  invokedFunctionArn: "arn:aws:lambda:eu-central-1:123456789012:function:Marketplace-Mailer",
  memoryLimitInMB: "256",
  awsRequestId: requestId,
  logGroupName: "/aws/lambda/Marketplace-Mailer",
  logStreamName: "stream",
  getRemainingTimeInMillis: () => 1000,
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
});

/** Every line written to stdout and stderr while `run` runs, parsed; a failing run still counts. */
const linesOf = (run: () => Promise<unknown>): Promise<Record<string, unknown>[]> =>
  jsonLinesWrittenBy(() => run().catch(() => undefined));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("an observed handler", () => {
  const handler = observedHandler(async (event: { fail?: boolean; correlate?: string }) => {
    if (event.correlate) logger().setCorrelationId(event.correlate);
    logger().info("working");
    powertoolsMetricsSink.count("ordersPaid");
    if (event.fail) throw new Error("boom");
    return "done";
  });

  it("logs with the Lambda context, cold start only on the first invocation, and a correlation id that ends with its invocation", async () => {
    const first = await linesOf(() => handler({ correlate: "req-1" }, contextOf("aws-1")));
    const second = await linesOf(() => handler({}, contextOf("aws-2")));
    const logLine = (lines: Record<string, unknown>[]) => lines.find((line) => line.message === "working");
    expect(logLine(first)).toMatchObject({
      level: "INFO",
      service: "marketplace",
      function_name: "Marketplace-Mailer",
      function_request_id: "aws-1",
      cold_start: true,
      correlation_id: "req-1",
    });
    expect(logLine(second)).toMatchObject({ function_request_id: "aws-2", cold_start: false });
    expect(logLine(second)).not.toHaveProperty("correlation_id");
  });

  it("writes the invocation's metrics when it ends, also when it fails", async () => {
    const lines = await linesOf(() => handler({ fail: true }, contextOf("aws-3")));
    expect(lines.filter((line) => "_aws" in line).map((line) => line.OrdersPaid)).toEqual([1]);
  });

  it("runs without a Lambda context (a local poller's call): lines without it, metrics still written", async () => {
    const lines = await linesOf(() => handler({}, undefined));
    expect(lines.find((line) => line.message === "working")).not.toHaveProperty("function_request_id");
    expect(lines.filter((line) => "_aws" in line).map((line) => line.OrdersPaid)).toEqual([1]);
  });
});
