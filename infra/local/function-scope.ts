import { runAsFunction } from "../../shared/aws/aws-call-recorder.js";

/**
 * What invoked a handler, as AWS would: an API route, a queue's event source, the table stream's event
 * source with its filters, a schedule. Locally every function runs in one process on shared clients, so
 * the IAM check's recorder tells functions apart by this, and finds the function in the synthesized
 * template the same way AWS does (the route's integration, the event source mapping, the rule's target):
 * no second list of which local name is which function.
 */
export type FunctionTrigger =
  | { readonly kind: "route"; readonly routeKey: string }
  | { readonly kind: "queue"; readonly queueName: string }
  | { readonly kind: "stream"; readonly tableName: string; readonly filters: readonly string[] }
  | { readonly kind: "schedule"; readonly name: string };

/** Runs one handler invocation as the function its trigger names (the recorder's scope; nothing else). */
export const invokedBy = <T>(trigger: FunctionTrigger, invoke: () => T): T => runAsFunction(trigger, invoke);

/** A queue's name, the last segment of its URL: the same locally and in the template's queue references. */
export const queueNameOf = (queueUrl: string): string => queueUrl.slice(queueUrl.lastIndexOf("/") + 1);

/** An event source mapping's filters as its template spells them (`FilterCriteria.Filters[].Pattern`). */
export const filterPatterns = (filters: readonly object[] | undefined): string[] =>
  (filters ?? []).map((filter) => JSON.stringify(filter));
