import type { DELIVERY_PATHS, METRICS } from "./metric-names.js";

/** A metric counted without a dimension of its own (all but Deliveries and Refusals). */
export type PlainMetric = Exclude<keyof typeof METRICS, "deliveries" | "refusals">;

/** How a paid order reached its buyer (the `path` dimension of Deliveries). */
export type DeliveryPath = (typeof DELIVERY_PATHS)[keyof typeof DELIVERY_PATHS];

/**
 * Where the services count what happened, by the names of metric-names.ts. A port, so the services stay
 * free of Powertools and AWS: the functions wire it to EMF (powertools-metrics.ts), tests to a recorder.
 */
export interface MetricsSink {
  /** Counts one event of a metric without a dimension of its own. */
  count(metric: PlainMetric): void;
  /** Counts one delivered paid order, by how it reached its buyer. */
  delivered(path: DeliveryPath): void;
  /** Counts one refusal answered, by its code. */
  refused(code: string): void;
}
