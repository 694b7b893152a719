import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { describe, expect, it, vi } from "vitest";
import { refuse } from "../../../../shared/errors/refusal.js";
import * as refusals from "../../../../shared/errors/refusals.js";
import type { ApiContext } from "../../../../shared/http/api-request.js";
import { errorEnvelope } from "../../../../shared/http/middleware/error-envelope.js";
import { flushMetrics } from "../../../../shared/observability/powertools-metrics.js";
import { jsonLinesWrittenBy } from "../../../support/written-lines.js";

// As in AWS: not Powertools' development mode, which writes no EMF.
vi.stubEnv("POWERTOOLS_DEV", "");

type OnError = NonNullable<ReturnType<typeof errorEnvelope>["onError"]>;

/** Runs the envelope's onError over `error` and returns the EMF lines flushed after it, parsed. */
const emfAfter = async (error: Error): Promise<Record<string, unknown>[]> => {
  const request = {
    event: { routeKey: "POST /api/v2/buy", requestContext: { requestId: "req-1" } } as APIGatewayProxyEventV2,
    context: { awsRequestId: "aws-1" } as ApiContext,
    response: undefined as APIGatewayProxyStructuredResultV2 | undefined,
    error,
    internal: {},
  };
  const lines = await jsonLinesWrittenBy(async () => {
    await (errorEnvelope("v2").onError as OnError)(request as Parameters<OnError>[0]);
    flushMetrics();
  });
  return lines.filter((line) => "_aws" in line);
};

describe("the error envelope's counts", () => {
  it("counts a refusal once by its code (Refusals, dimension code)", async () => {
    const lines = await emfAfter(refuse(refusals.insufficientBalance));
    expect(lines.map(({ service, code, Refusals }) => ({ service, code, Refusals }))).toEqual([
      { service: "marketplace", code: "insufficient_balance", Refusals: 1 },
    ]);
  });

  it("counts no refusal for an unexpected error: a 500 is an error, which the function's alarms count", async () => {
    expect(await emfAfter(new Error("boom"))).toEqual([]);
  });
});
