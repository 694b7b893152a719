import { afterEach, describe, expect, it, vi } from "vitest";
import { METRIC_SERVICE } from "../../../shared/observability/metric-names.js";
import { flushMetrics, powertoolsMetricsSink } from "../../../shared/observability/powertools-metrics.js";
import { jsonLinesWrittenBy } from "../../support/written-lines.js";

// As in AWS: not Powertools' development mode (which writes no EMF), and the stage's namespace.
vi.stubEnv("POWERTOOLS_DEV", "");
vi.stubEnv("POWERTOOLS_METRICS_NAMESPACE", "Marketplace-staging");

/** What CloudWatch reads of one EMF line: namespace, dimension sets, metric names and units, values. */
const metricOf = (line: Record<string, unknown>) => {
  const aws = line._aws as {
    CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: unknown[] }[];
  };
  const [directive] = aws.CloudWatchMetrics;
  const { _aws, ...values } = line;
  return {
    namespace: directive?.Namespace,
    dimensions: directive?.Dimensions,
    metrics: directive?.Metrics,
    values,
  };
};

afterEach(() => {
  flushMetrics();
});

describe("the services' metrics in a function", () => {
  it("writes nothing at the end of an invocation that counted nothing (no warning line either)", async () => {
    expect(await jsonLinesWrittenBy(() => flushMetrics())).toEqual([]);
  });

  it("writes the invocation's plain counts as one EMF line in the stage's namespace, dimension service only", async () => {
    const lines = await jsonLinesWrittenBy(() => {
      powertoolsMetricsSink.count("ordersPaid");
      powertoolsMetricsSink.count("ordersPaid");
      powertoolsMetricsSink.count("webhookAttempts");
      flushMetrics();
    });
    expect(lines.map(metricOf)).toEqual([
      {
        namespace: "Marketplace-staging",
        dimensions: [["service"]],
        metrics: [
          { Name: "OrdersPaid", Unit: "Count" },
          { Name: "WebhookAttempts", Unit: "Count" },
        ],
        values: { service: METRIC_SERVICE, OrdersPaid: [1, 1], WebhookAttempts: 1 },
      },
    ]);
  });

  it("writes a delivery and a refusal each on a line of its own with its own dimension, not stamped on the other counts", async () => {
    const lines = await jsonLinesWrittenBy(() => {
      powertoolsMetricsSink.count("payoutsRequested");
      powertoolsMetricsSink.delivered("key_stock");
      powertoolsMetricsSink.refused("insufficient_balance");
      flushMetrics();
    });
    expect(lines.map(metricOf)).toEqual([
      {
        namespace: "Marketplace-staging",
        dimensions: [["service", "path"]],
        metrics: [{ Name: "Deliveries", Unit: "Count" }],
        values: { service: METRIC_SERVICE, path: "key_stock", Deliveries: 1 },
      },
      {
        namespace: "Marketplace-staging",
        dimensions: [["service", "code"]],
        metrics: [{ Name: "Refusals", Unit: "Count" }],
        values: { service: METRIC_SERVICE, code: "insufficient_balance", Refusals: 1 },
      },
      {
        namespace: "Marketplace-staging",
        dimensions: [["service"]],
        metrics: [{ Name: "PayoutsRequested", Unit: "Count" }],
        values: { service: METRIC_SERVICE, PayoutsRequested: 1 },
      },
    ]);
  });
});
