import { Duration } from "aws-cdk-lib";
import { MathExpression, Metric } from "aws-cdk-lib/aws-cloudwatch";
import {
  type DELIVERY_PATHS,
  METRIC_DIMENSIONS,
  METRIC_OWN_DIMENSIONS,
  METRIC_SERVICE,
  METRICS,
} from "../../../shared/observability/metric-names.js";

/** Which delivery path a `Deliveries` metric counts. */
export type DeliveryPath = (typeof DELIVERY_PATHS)[keyof typeof DELIVERY_PATHS];

/**
 * The service's own metrics (shared/observability/metric-names.ts) read from one namespace: the stage's,
 * so stages side by side in one account never graph or alarm on each other's events.
 */
export const serviceMetricsIn = (namespace: string) => {
  /**
   * One of the service's own metrics (shared/observability/metric-names.ts) as its functions emit it: in
   * the service namespace, with Powertools' `service` dimension and the metric's own, summed over `period`.
   */
  const serviceMetric = (
    name: keyof typeof METRICS,
    period: Duration,
    own: Readonly<Record<string, string>> = {},
    label?: string,
  ): Metric => {
    // A metric read with other dimensions than it is emitted with has no data: say so at synth.
    const emitted = [...METRIC_OWN_DIMENSIONS[name]].sort().join(", ");
    if (Object.keys(own).sort().join(", ") !== emitted) {
      throw new Error(`${METRICS[name]} is emitted with dimensions [${emitted}] beyond service`);
    }
    return new Metric({
      namespace,
      metricName: METRICS[name],
      dimensionsMap: { [METRIC_DIMENSIONS.service]: METRIC_SERVICE, ...own },
      statistic: "Sum",
      period,
      ...(label ? { label } : {}),
    });
  };

  /** Paid orders delivered along one path. */
  const deliveriesBy = (path: DeliveryPath, period: Duration): Metric =>
    serviceMetric("deliveries", period, { [METRIC_DIMENSIONS.path]: path }, `Deliveries: ${path}`);

  /**
   * Every `Refusals` series, one per code that occurred: a search, since the codes are the catalogue's and
   * only those answered have data.
   */
  const refusalsByCode = (period: Duration): MathExpression =>
    new MathExpression({
      expression: `SEARCH('{${namespace},${METRIC_DIMENSIONS.code},${METRIC_DIMENSIONS.service}} MetricName="${METRICS.refusals}" ${METRIC_DIMENSIONS.service}="${METRIC_SERVICE}"', 'Sum', ${period.toSeconds()})`,
      usingMetrics: {},
      label: "",
      period,
    });

  /**
   * The percentage of webhook attempts that failed, or 0 while fewer than `minimumAttempts` were made (so
   * one failure of one attempt is not a rate). A period with attempts and no failure has no failure point:
   * FILL makes it 0.
   */
  const webhookFailurePercent = (period: Duration, minimumAttempts: number): MathExpression =>
    new MathExpression({
      expression: `IF(attempts >= ${minimumAttempts}, 100 * FILL(failures, 0) / attempts, 0)`,
      usingMetrics: {
        attempts: serviceMetric("webhookAttempts", period),
        failures: serviceMetric("webhookFailures", period),
      },
      label: "Webhook failures (%)",
      period,
    });

  /** The percentage of webhook attempts that succeeded, for the dashboard (no data when none was made). */
  const webhookSuccessPercent = (period: Duration): MathExpression =>
    new MathExpression({
      expression: "100 * (attempts - FILL(failures, 0)) / attempts",
      usingMetrics: {
        attempts: serviceMetric("webhookAttempts", period),
        failures: serviceMetric("webhookFailures", period),
      },
      label: "Webhook success (%)",
      period,
    });

  return {
    namespace,
    serviceMetric,
    deliveriesBy,
    refusalsByCode,
    webhookFailurePercent,
    webhookSuccessPercent,
  };
};

/** The service's metrics as read by the dashboard and the alarms of one stage. */
export type ServiceMetrics = ReturnType<typeof serviceMetricsIn>;

/** The period every service metric is graphed at. */
export const SERVICE_GRAPH_PERIOD = Duration.minutes(5);
