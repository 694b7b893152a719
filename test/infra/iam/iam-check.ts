import { runSimulation } from "@cloud-copilot/iam-simulate";
import type { DeployedFunction, DeployedStack } from "./deployed-functions.js";
import { type CheckedCall, describeTrigger } from "./recorded-calls.js";
import { DEPLOYED, isJson, type Json } from "./template-values.js";

/** One recorded call, resolved to the function and resource it is in AWS. */
interface ResolvedCall {
  readonly fn: DeployedFunction;
  readonly call: CheckedCall;
  readonly action: string;
  readonly arn: string;
  readonly resourcePolicy: Json | undefined;
}

/** A granted action (as the policy spells it, wildcards included) of a function. */
export interface Grant {
  readonly function: string;
  readonly action: string;
}

/** What the check found: every line of `denied` and `unresolved` fails the run. */
export interface IamCheckResult {
  /** Distinct calls evaluated. */
  readonly checked: number;
  /** Calls the function's role would refuse in AWS, one line each. */
  readonly denied: string[];
  /** Calls the check could not place: no function for the trigger, no resource for the name, an unknown action. */
  readonly unresolved: string[];
  /** Exercised grants that, removed from the policy, did not deny the call: the check would not see them missing. */
  readonly toothless: string[];
  /** Every action each function's role allows, as written. */
  readonly granted: readonly Grant[];
  /** The granted actions no recorded call used. */
  readonly unexercised: readonly Grant[];
}

const line = (resolved: Pick<ResolvedCall, "fn" | "call" | "action" | "arn">, why: string): string =>
  `${resolved.fn.id} (${describeTrigger(resolved.call.function)}): ${resolved.action} on ${resolved.arn}${
    resolved.call.leadingKeys?.length ? ` with leading keys ${resolved.call.leadingKeys.join(", ")}` : ""
  } — ${why}`;

/** IAM's action match: case-insensitive, `*` and `?` wildcards. */
export const actionMatches = (pattern: string, action: string): boolean =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, "\\$&")
      .replaceAll("*", ".*")
      .replaceAll("?", ".")}$`,
    "i",
  ).test(action);

const statementsOf = (policy: Json): Json[] =>
  (Array.isArray(policy.Statement) ? policy.Statement : [policy.Statement]).filter(isJson);

const actionsOf = (statement: Json): string[] => {
  if (statement.NotAction !== undefined) throw new Error("The IAM check does not read NotAction");
  return (Array.isArray(statement.Action) ? statement.Action : [statement.Action]).map(String);
};

/** The actions a function's role allows, as the policies spell them. */
const grantsOf = (fn: DeployedFunction): string[] => [
  ...new Set([
    ...fn.policies.flatMap(({ policy }) =>
      statementsOf(policy)
        .filter((statement) => statement.Effect === "Allow")
        .flatMap(actionsOf),
    ),
    // Not in the template: to be justified whole.
    ...fn.managedPolicyArns.map((arn) => `managed policy ${arn}`),
  ]),
];

/** The function's policies without any statement's grant of `action`: the policy with that one permission removed. */
export const withoutAction = (fn: DeployedFunction, action: string): DeployedFunction => ({
  ...fn,
  policies: fn.policies.map(({ name, policy }) => ({
    name,
    policy: {
      ...policy,
      Statement: statementsOf(policy).flatMap((statement) => {
        if (statement.Effect !== "Allow") return [statement];
        const kept = actionsOf(statement).filter((pattern) => !actionMatches(pattern, action));
        return kept.length ? [{ ...statement, Action: kept }] : [];
      }),
    },
  })),
});

/** What AWS would decide for the call under the function's policies ("Allowed", or why not). */
const decide = async (resolved: ResolvedCall, fn: DeployedFunction = resolved.fn): Promise<string> => {
  const result = await runSimulation(
    {
      request: {
        principal: fn.roleArn,
        action: resolved.action,
        resource: { resource: resolved.arn, accountId: DEPLOYED.account },
        contextVariables: {
          // The SDK in Lambda always speaks HTTPS; the queues and buckets refuse anything else.
          "aws:SecureTransport": "true",
          ...(resolved.call.leadingKeys?.length
            ? { "dynamodb:LeadingKeys": [...resolved.call.leadingKeys] }
            : {}),
        },
      },
      identityPolicies: fn.policies.map(({ name, policy }) => ({ name, policy })),
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      ...(resolved.resourcePolicy ? { resourcePolicy: resolved.resourcePolicy } : {}),
    },
    {},
  );
  if (result.resultType === "error") return `not evaluable: ${JSON.stringify(result.errors)}`;
  return result.overallResult;
};

/**
 * Evaluates every recorded call against its function's role in the template (and the resource policy of
 * what it touches), as AWS would; then lists the grants no call used, and proves each used grant is needed:
 * the policy with that one action removed must deny a call it allowed.
 */
export const checkIam = async (
  stack: DeployedStack,
  calls: readonly CheckedCall[],
): Promise<IamCheckResult> => {
  const denied: string[] = [];
  const unresolved: string[] = [];
  const toothless: string[] = [];
  /** The first allowed call of each function and action: the one the removal must deny. */
  const exercised = new Map<string, ResolvedCall>();
  const decided = new Set<string>();
  for (const call of calls) {
    const target = stack.functionOf(call.function);
    if ("problem" in target) {
      unresolved.push(`${describeTrigger(call.function)} invokes ${target.problem} in the template`);
      continue;
    }
    const fn = stack.functions.get(target.id);
    const resource = stack.resourceOf(call.service, call.resource);
    const action = `${call.service}:${call.action}`;
    if (!fn || !resource) {
      unresolved.push(
        `${target.id} (${describeTrigger(call.function)}): ${action} on ${call.resource}, which no environment variable of the template names`,
      );
      continue;
    }
    const resolved = {
      fn,
      call,
      action,
      arn: resource.arn,
      resourcePolicy: stack.resourcePolicyOf(resource.logicalId),
    };
    // Several triggers of one function make the same call: it is decided, and reported, once.
    const same = `${fn.id} ${action} ${resolved.arn} ${call.leadingKeys?.join(",") ?? ""}`;
    if (decided.has(same)) continue;
    decided.add(same);
    // A managed policy's statements are not in the template: such a role cannot be judged from it.
    const decision = fn.managedPolicyArns.length
      ? `not evaluable: the role attaches ${fn.managedPolicyArns.join(", ")}`
      : await decide(resolved);
    if (decision.startsWith("not evaluable")) unresolved.push(line(resolved, decision));
    else if (decision !== "Allowed") denied.push(line(resolved, decision));
    else if (!exercised.has(`${fn.id} ${action}`)) exercised.set(`${fn.id} ${action}`, resolved);
  }
  for (const resolved of exercised.values()) {
    const decision = await decide(resolved, withoutAction(resolved.fn, resolved.action));
    if (decision === "Allowed") toothless.push(line(resolved, "still allowed with the action removed"));
  }
  const granted = [...stack.functions.values()].flatMap((fn) =>
    grantsOf(fn).map((action) => ({ function: fn.id, action })),
  );
  const used = [...exercised.values()];
  const unexercised = granted.filter(
    (grant) =>
      !used.some((call) => call.fn.id === grant.function && actionMatches(grant.action, call.action)),
  );
  return { checked: calls.length, denied, unresolved, toothless, granted, unexercised };
};
