import { readFileSync } from "node:fs";
import { DeployedStack } from "./deployed-functions.js";
import { checkIam } from "./iam-check.js";
import { readRecordedCalls } from "./recorded-calls.js";
import type { Json } from "./template-values.js";
import { compareWithJustified, justifiedGrants } from "./unexercised-grants.js";

/** What the stack run hands the IAM check once its stacks have stopped. */
export interface IamRunInput {
  /** The folder the stacks' recorders wrote to (RECORD_AWS_CALLS). */
  readonly callsFolder: string;
  /** The synthesized template (template-synthesis.ts). */
  readonly templateFile: string;
  /** The stacks' environment: the variables that name their local table, queues and bucket. */
  readonly localEnv: Readonly<Record<string, string>>;
  /** Why the run did not run every stack test (a file or name filter, a failure), or undefined when it did. */
  readonly partial: string | undefined;
}

/** The check's one-line report, and the failures that fail the run (none when it passes). */
export interface IamRunOutcome {
  readonly report: string;
  readonly failures: string[];
}

/**
 * The IAM check of a stack run: every call a function made must be allowed by its role in the template,
 * and, when every stack test ran, every grant no call used must be justified in unexercised-grants.json.
 */
export const runIamCheck = async (input: IamRunInput): Promise<IamRunOutcome> => {
  const template = JSON.parse(readFileSync(input.templateFile, "utf8")) as Json;
  const stack = new DeployedStack(template, input.localEnv);
  const calls = readRecordedCalls(input.callsFolder);
  const result = await checkIam(stack, calls);
  const functions = new Set(calls.map((call) => JSON.stringify(call.function))).size;
  const comparison = input.partial
    ? { failures: [], notes: [] }
    : compareWithJustified(result.granted, result.unexercised, justifiedGrants());
  const failures = [
    ...result.denied.map((line) => `denied: ${line}`),
    ...result.unresolved.map((line) => `not placed: ${line}`),
    ...result.toothless.map((line) => `not needed: ${line}`),
    ...comparison.failures,
  ];
  const grants = input.partial
    ? `unexercised grants not compared (${input.partial})`
    : `${result.unexercised.length} of ${result.granted.length} grants unexercised, each justified in test/infra/iam/unexercised-grants.json`;
  return {
    report: [
      `IAM check: ${result.checked} distinct AWS calls from ${functions} triggers checked against their functions' roles in the synthesized template; ${grants}`,
      ...comparison.notes.map((note) => `  note: ${note}`),
    ].join("\n"),
    failures,
  };
};
