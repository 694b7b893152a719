import { Tracer } from "@aws-lambda-powertools/tracer";
import { METRIC_SERVICE } from "./metric-names.js";

let instance: Tracer | undefined;

/**
 * The functions' one X-Ray tracer: a segment per invocation, a subsegment per AWS call (every client is
 * captured in `instrumented`) and per outgoing HTTP request (the webhooks to sellers). Responses are never
 * put in a trace (they hold tokens and buyers' orders); errors are. Off outside Lambda (the local stack,
 * tests), where it changes nothing. Made on first use, as the logger is (logger.ts says why).
 */
export const tracer = (): Tracer => {
  instance ??= new Tracer({ serviceName: METRIC_SERVICE, captureHTTPsRequests: true });
  return instance;
};

/** Gives an SDK client's calls their own X-Ray subsegments (nothing outside Lambda). */
export const traceClient = <C>(client: C): void => {
  tracer().captureAWSv3Client(client);
};
