import type { FunctionTrigger } from "../../../infra/local/function-scope.js";
import { attributeOf, isJson, type Json, resolveValue, type TemplateResource } from "./template-values.js";

/** A Lambda function of the template with its role's policies, resolved to concrete ARNs. */
export interface DeployedFunction {
  /** The function's logical id, e.g. `Apiv1authFunction37F6923C`. */
  readonly id: string;
  readonly roleArn: string;
  readonly policies: readonly { readonly name: string; readonly policy: Json }[];
  /** Managed policies the role attaches: their statements are not in the template, so none is checked. */
  readonly managedPolicyArns: readonly string[];
}

/** Every logical id a template value names through `Ref`, `Fn::GetAtt` or `Fn::Sub`. */
const referencedIds = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap(referencedIds);
  if (typeof value === "string")
    return [...value.matchAll(/\$\{([^}.!]+)[^}]*\}/g)].flatMap(([, id]) => (id ? [id] : []));
  if (!isJson(value)) return [];
  if (typeof value.Ref === "string") return [value.Ref];
  const getAtt = value["Fn::GetAtt"];
  if (Array.isArray(getAtt)) return [String(getAtt[0])];
  return Object.values(value).flatMap(referencedIds);
};

const toList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];

const isTable = (type: string) => type === "AWS::DynamoDB::GlobalTable" || type === "AWS::DynamoDB::Table";

/** The last segment of a URL or name: a queue URL's queue name, a table's or bucket's own name. */
const localName = (value: string): string => value.slice(value.lastIndexOf("/") + 1);

/**
 * The synthesized stack as the IAM check reads it: each function's role, which function each trigger
 * invokes, and which logical resource each local name stands for. Every answer comes from the template
 * itself (routes' integrations, event source mappings, schedules' targets, the environment variables
 * that name resources), so nothing here repeats the stack's code.
 */
export class DeployedStack {
  readonly resources: Readonly<Record<string, TemplateResource>>;
  readonly functions: ReadonlyMap<string, DeployedFunction>;
  /** Environment variable → the logical id it names by `Ref` (TABLE_NAME → the table), across all functions. */
  private readonly resourceVariables: ReadonlyMap<string, string>;

  /**
   * @param template the synthesized template
   * @param localEnv the local stack's environment: the same variables, naming its local resources
   */
  constructor(
    template: Json,
    private readonly localEnv: Readonly<Record<string, string | undefined>>,
  ) {
    if (!isJson(template.Resources)) throw new Error("The template has no Resources");
    this.resources = template.Resources as Record<string, TemplateResource>;
    this.functions = new Map(this.ofType("AWS::Lambda::Function").map(([id]) => [id, this.functionAt(id)]));
    const variables = new Map<string, string>();
    for (const [id, fn] of this.ofType("AWS::Lambda::Function")) {
      const environment = (fn.Properties?.Environment as Json | undefined)?.Variables;
      for (const [name, value] of Object.entries(isJson(environment) ? environment : {})) {
        const ref = isJson(value) && typeof value.Ref === "string" ? value.Ref : undefined;
        if (!ref || !this.resources[ref]) continue;
        const known = variables.get(name);
        if (known && known !== ref)
          throw new Error(`${name} names ${known} in one function and ${ref} in ${id}`);
        variables.set(name, ref);
      }
    }
    this.resourceVariables = variables;
  }

  private ofType(type: string): [string, TemplateResource][] {
    return Object.entries(this.resources).filter(([, resource]) => resource.Type === type);
  }

  private propertiesOf(id: string): Json {
    return this.resources[id]?.Properties ?? {};
  }

  private functionAt(id: string): DeployedFunction {
    const [roleId] = referencedIds(this.propertiesOf(id).Role);
    if (!roleId) throw new Error(`Function ${id} has no role in the template`);
    const role = this.propertiesOf(roleId);
    const policies = [
      ...toList(role.Policies).map((inline) => {
        const { PolicyName, PolicyDocument } = inline as Json;
        return { name: String(PolicyName), document: PolicyDocument };
      }),
      ...[...this.ofType("AWS::IAM::Policy"), ...this.ofType("AWS::IAM::ManagedPolicy")]
        .filter(([, policy]) => referencedIds(policy.Properties?.Roles).includes(roleId))
        .map(([policyId, policy]) => ({ name: policyId, document: policy.Properties?.PolicyDocument })),
    ];
    return {
      id,
      roleArn: attributeOf(this.resources, roleId, "Arn"),
      policies: policies.map(({ name, document }) => ({
        name,
        policy: resolveValue(this.resources, document) as Json,
      })),
      managedPolicyArns: toList(resolveValue(this.resources, role.ManagedPolicyArns)).map(String),
    };
  }

  /** The logical id of the resource of a matching type that the local name (table, bucket, queue URL) stands for. */
  logicalIdOf(local: string, isType: (type: string) => boolean): string | undefined {
    for (const [variable, id] of this.resourceVariables) {
      const value = this.localEnv[variable];
      const type = this.resources[id]?.Type ?? "";
      if (value !== undefined && localName(value) === localName(local) && isType(type)) return id;
    }
    return undefined;
  }

  /** The function a trigger invokes in AWS, or why none can be told. */
  functionOf(trigger: FunctionTrigger): { id: string } | { problem: string } {
    const found = this.targetsOf(trigger);
    if (found.length === 1 && found[0]) return { id: found[0] };
    return { problem: `${found.length === 0 ? "no" : "several"} functions (${found.join(", ")})` };
  }

  private targetsOf(trigger: FunctionTrigger): string[] {
    const functionsIn = (value: unknown) =>
      referencedIds(value).filter((id) => this.resources[id]?.Type === "AWS::Lambda::Function");
    switch (trigger.kind) {
      case "route": {
        const routes = this.ofType("AWS::ApiGatewayV2::Route").filter(
          ([, route]) => route.Properties?.RouteKey === trigger.routeKey,
        );
        return routes.flatMap(([, route]) =>
          referencedIds(route.Properties?.Target).flatMap((id) =>
            functionsIn(this.propertiesOf(id).IntegrationUri),
          ),
        );
      }
      case "queue": {
        const queue = this.logicalIdOf(trigger.queueName, (type) => type === "AWS::SQS::Queue");
        return this.mappingsFrom(queue).flatMap(([, mapping]) => functionsIn(mapping.FunctionName));
      }
      case "stream": {
        const table = this.logicalIdOf(trigger.tableName, isTable);
        const wanted = [...trigger.filters].sort().join("\n");
        return this.mappingsFrom(table)
          .filter(([, mapping]) => {
            const filters = toList((mapping.FilterCriteria as Json | undefined)?.Filters);
            return (
              filters
                .map((filter) => String((filter as Json).Pattern))
                .sort()
                .join("\n") === wanted
            );
          })
          .flatMap(([, mapping]) => functionsIn(mapping.FunctionName));
      }
      case "schedule":
        // One schedule locally and one rule in the template today; a second of either fails here, to be told apart.
        return this.ofType("AWS::Events::Rule")
          .filter(([, rule]) => rule.Properties?.ScheduleExpression !== undefined)
          .flatMap(([, rule]) => functionsIn(rule.Properties?.Targets));
    }
  }

  private mappingsFrom(source: string | undefined): [string, Json][] {
    if (!source) return [];
    return this.ofType("AWS::Lambda::EventSourceMapping")
      .map(([id, mapping]): [string, Json] => [id, mapping.Properties ?? {}])
      .filter(([, mapping]) => referencedIds(mapping.EventSourceArn).includes(source));
  }

  /** The ARN a recorded call's local resource has once deployed, and the logical resource it belongs to. */
  resourceOf(service: string, local: string): { arn: string; logicalId: string } | undefined {
    const at = (logicalId: string | undefined, suffix = "", attribute = "Arn") =>
      logicalId
        ? { arn: `${attributeOf(this.resources, logicalId, attribute)}${suffix}`, logicalId }
        : undefined;
    switch (service) {
      case "dynamodb": {
        // table/<name> or table/<name>/index/<index>
        const [, table = "", ...index] = local.split("/");
        return at(this.logicalIdOf(table, isTable), index.length ? `/${index.join("/")}` : "");
      }
      case "sqs":
        return at(this.logicalIdOf(local, (type) => type === "AWS::SQS::Queue"));
      case "s3": {
        const slash = local.indexOf("/");
        const bucket = this.logicalIdOf(local.slice(0, slash), (type) => type === "AWS::S3::Bucket");
        return at(bucket, local.slice(slash));
      }
      case "secretsmanager":
        return at(
          this.logicalIdOf(local, (type) => type === "AWS::SecretsManager::Secret"),
          "",
          "Ref",
        );
      default:
        return undefined;
    }
  }

  /** The resource policy on a logical resource (a bucket's, a queue's, a secret's), if it has one. */
  resourcePolicyOf(logicalId: string): Json | undefined {
    const kinds: [string, string][] = [
      ["AWS::S3::BucketPolicy", "Bucket"],
      ["AWS::SQS::QueuePolicy", "Queues"],
      ["AWS::SecretsManager::ResourcePolicy", "SecretId"],
    ];
    for (const [type, property] of kinds) {
      const found = this.ofType(type).find(([, policy]) =>
        referencedIds(policy.Properties?.[property]).includes(logicalId),
      );
      const document =
        found?.[1].Properties?.[
          type === "AWS::SecretsManager::ResourcePolicy" ? "ResourcePolicy" : "PolicyDocument"
        ];
      if (document) return resolveValue(this.resources, document) as Json;
    }
    return undefined;
  }
}
