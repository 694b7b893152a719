/**
 * The one place every AWS SDK client the functions make passes through after it is built, so what
 * watches the calls (tracing in AWS, the call recorder of the IAM check in tests) is attached once, to
 * every client, and a new client cannot be missed by one of them.
 */
import { traceClient } from "../observability/tracer.js";
import { recordAwsCalls } from "./aws-call-recorder.js";

/** What an SDK v3 client has that the watchers use. */
export interface SdkClient {
  readonly middlewareStack: unknown;
  readonly config: unknown;
}

/** Returns the client with every watcher attached. */
export const instrumented = <C extends SdkClient>(client: C): C => {
  recordAwsCalls(client);
  traceClient(client);
  return client;
};
