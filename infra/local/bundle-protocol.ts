/**
 * The messages between the local stack and a function bundle's thread (bundle-host.ts and
 * bundle-host-thread.ts). Types only: the thread runs under Node's own type stripping, which erases
 * this import, so it loads nothing of the project but the bundle.
 */

/** What the thread is started with. */
export interface BundleThreadData {
  /** The bundle's folder: LAMBDA_TASK_ROOT. */
  readonly codeDir: string;
  /** `module.export`, as the function's `Handler` property says. */
  readonly handler: string;
}

/** The thread's first message: the handler is loaded (and which variables it sees), or why not. */
export type ThreadStart =
  | { readonly kind: "ready"; readonly envNames: readonly string[] }
  | { readonly kind: "init-failed"; readonly errorType: string; readonly errorMessage: string };

/** The fields of a Lambda context that are data; the thread adds the functions. */
export interface InvocationContext {
  readonly awsRequestId: string;
  readonly functionName: string;
  readonly functionVersion: string;
  readonly memoryLimitInMB: string;
  readonly invokedFunctionArn: string;
  readonly logGroupName: string;
  readonly logStreamName: string;
}

/** One invocation: the event as JSON text, as Lambda passes it. */
export interface InvokeMessage {
  readonly id: number;
  readonly event: string;
  readonly context: InvocationContext;
}

/** How an invocation ended: the handler's result as JSON text, or its error as Lambda reports it. */
export type InvokeOutcome =
  | { readonly id: number; readonly ok: true; readonly payload: string }
  | {
      readonly id: number;
      readonly ok: false;
      readonly errorType: string;
      readonly errorMessage: string;
      readonly stack: string | undefined;
    };
