import type { MetricsSink } from "../../shared/observability/metrics-sink.js";

/** A metrics sink that keeps what was counted, in order: `ordersPaid`, `deliveries:key_stock`, `refusals:<code>`. */
export const recordedMetrics = (): { readonly sink: MetricsSink; readonly counted: string[] } => {
  const counted: string[] = [];
  return {
    counted,
    sink: {
      count: (metric) => counted.push(metric),
      delivered: (path) => counted.push(`deliveries:${path}`),
      refused: (code) => counted.push(`refusals:${code}`),
    },
  };
};
