import { Metrics, MetricUnit } from "@aws-lambda-powertools/metrics";
import { METRIC_DIMENSIONS, METRIC_NAMESPACE, METRIC_SERVICE, METRICS } from "./metric-names.js";
import type { MetricsSink } from "./metrics-sink.js";

let instance: Metrics | undefined;

/**
 * The functions' one Metrics object: EMF lines on stdout, which CloudWatch turns into metrics without a
 * PutMetricData call. The namespace is the stage's (POWERTOOLS_METRICS_NAMESPACE, which CDK sets from
 * the stage), `Marketplace` when unset; the service is always METRIC_SERVICE (see metric-names.ts).
 * Made on first use, as the logger is (logger.ts says why).
 */
const metrics = (): Metrics => {
  instance ??= new Metrics({
    namespace: process.env.POWERTOOLS_METRICS_NAMESPACE || METRIC_NAMESPACE,
    serviceName: METRIC_SERVICE,
  });
  return instance;
};

/** Emits one count with a dimension of its own, on a line of its own (not stamped on the others). */
const countWith = (metric: string, dimension: string, value: string) => {
  const single = metrics().singleMetric();
  single.addDimension(dimension, value);
  single.addMetric(metric, MetricUnit.Count, 1);
};

/** The services' sink in the functions: counts go to the shared Metrics object, flushed per invocation. */
export const powertoolsMetricsSink: MetricsSink = {
  count: (metric) => metrics().addMetric(METRICS[metric], MetricUnit.Count, 1),
  delivered: (path) => countWith(METRICS.deliveries, METRIC_DIMENSIONS.path, path),
  refused: (code) => countWith(METRICS.refusals, METRIC_DIMENSIONS.code, code),
};

/**
 * Writes the invocation's counts, if any. Not Powertools' logMetrics, which warns on every invocation
 * that counted nothing (most API calls): a log line per request for nothing.
 */
export const flushMetrics = (): void => {
  if (instance?.hasStoredMetrics()) instance.publishStoredMetrics();
};
