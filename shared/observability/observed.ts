import { injectLambdaContext } from "@aws-lambda-powertools/logger/middleware";
import { captureLambdaHandler } from "@aws-lambda-powertools/tracer/middleware";
import middy, { type MiddlewareObj } from "@middy/core";
import type { Context } from "aws-lambda";
import { logger } from "./logger.js";
import { flushMetrics } from "./powertools-metrics.js";
import { tracer } from "./tracer.js";

type Request = Parameters<NonNullable<MiddlewareObj["before"]>>[0];

/**
 * What every function's handler runs first and finishes last: its X-Ray segment (the handler's response
 * left out of it), the Lambda context on every log line (keys reset after each invocation, so one
 * request's correlation id never reaches the next) and the invocation's metrics written once it ended,
 * answered or failed.
 */
export const observed = <TEvent, TResult>(): MiddlewareObj<TEvent, TResult> => {
  // Built on first use: the logger and the tracer are (logger.ts says why).
  let parts: readonly MiddlewareObj[] | undefined;
  const inner = () => {
    parts ??= [
      captureLambdaHandler(tracer(), { captureResponse: false }),
      injectLambdaContext(logger(), { resetKeys: true }),
    ];
    return parts;
  };
  // A caller that passes no Lambda context (a local poller, a test) gets the lines without it.
  const withContext = (request: Request) => request.context !== undefined;
  return {
    name: "observed",
    before: async (request) => {
      const plain = request as Request;
      if (!withContext(plain)) return;
      for (const part of inner()) await part.before?.(plain);
    },
    after: async (request) => {
      // In reverse, as middy runs the `after`s of middlewares registered one after the other.
      for (const part of [...inner()].reverse()) await part.after?.(request as Request);
      flushMetrics();
    },
    onError: async (request) => {
      for (const part of [...inner()].reverse()) await part.onError?.(request as Request);
      flushMetrics();
    },
  };
};

/** A queue, stream or scheduled handler run inside `observed`. */
export const observedHandler = <TEvent, TResult>(
  handle: (event: TEvent, context: Context) => Promise<TResult>,
): ((event: TEvent, context?: Context) => Promise<TResult>) =>
  middy<TEvent, TResult>().use(observed<TEvent, TResult>()).handler(handle) as (
    event: TEvent,
    context?: Context,
  ) => Promise<TResult>;
