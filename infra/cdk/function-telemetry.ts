import { METRIC_SERVICE } from "../../shared/observability/metric-names.js";
import type { MarketplaceFunction } from "./marketplace-function.js";
import type { MarketplaceStage } from "./stage.js";

/**
 * What Powertools reads in every function of a stage (shared/observability): the metrics' namespace
 * (the stage's own, which its alarms and dashboard read), the service name, the log level and the debug
 * sample rate of the stage.
 */
export const telemetryEnvironment = (stage: MarketplaceStage): Record<string, string> => ({
  POWERTOOLS_SERVICE_NAME: METRIC_SERVICE,
  POWERTOOLS_METRICS_NAMESPACE: stage.metricNamespace,
  POWERTOOLS_LOG_LEVEL: stage.logLevel,
  ...(stage.debugSampleRate > 0 ? { POWERTOOLS_LOGGER_SAMPLE_RATE: String(stage.debugSampleRate) } : {}),
});

/** Gives every function of the stack the stage's telemetry environment. */
export const applyTelemetry = (functions: readonly MarketplaceFunction[], stage: MarketplaceStage): void => {
  const environment = telemetryEnvironment(stage);
  for (const fn of functions) {
    for (const [name, value] of Object.entries(environment)) fn.function.addEnvironment(name, value);
  }
};
