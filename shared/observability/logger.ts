import { Logger } from "@aws-lambda-powertools/logger";
import { METRIC_SERVICE } from "./metric-names.js";

let instance: Logger | undefined;

/**
 * The functions' one logger: JSON lines with the level, the Lambda context (request id, function, cold
 * start) once a handler injected it, and the correlation id (the API request id a client sees in a 500).
 * Level from POWERTOOLS_LOG_LEVEL (CDK sets it per stage), debug sampling from
 * POWERTOOLS_LOGGER_SAMPLE_RATE; POWERTOOLS_DEV (the local stack) writes through the global console,
 * indented, where tests and a developer's terminal read it. Made on first use, not at import: the local
 * stack imports every handler before it sets the environment they read.
 */
export const logger = (): Logger => {
  instance ??= new Logger({ serviceName: METRIC_SERVICE });
  return instance;
};
