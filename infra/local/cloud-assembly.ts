import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as z from "../../shared/validation/zod-mini.js";
import type { FilterPattern } from "./event-filter.js";

/**
 * A synthesized cloud assembly (what `cdk synth` writes) as the local stack reads it: each Lambda
 * function with the folder of its bundle, its handler and its environment as written in the template,
 * and what invokes it there (API routes, queue and stream event sources, schedules). Read from the
 * template rather than from the CDK constructs, so what runs locally is what CloudFormation would deploy.
 */

/** A value in the template: a literal or an intrinsic function (`Ref`, `Fn::GetAtt`, `Fn::Join`, …). */
export type TemplateValue = unknown;

const resourceSchema = z.looseObject({
  Type: z.string(),
  Properties: z.optional(z.record(z.string(), z.unknown())),
  Metadata: z.optional(z.record(z.string(), z.unknown())),
});

/** One resource of the template, as CloudFormation reads it. */
export type TemplateResource = z.infer<typeof resourceSchema>;

const templateSchema = z.looseObject({ Resources: z.record(z.string(), resourceSchema) });

const manifestSchema = z.looseObject({
  artifacts: z.record(
    z.string(),
    z.looseObject({
      type: z.string(),
      properties: z.optional(z.looseObject({ templateFile: z.optional(z.string()) })),
    }),
  ),
});

const functionPropertiesSchema = z.looseObject({
  Handler: z.string(),
  Runtime: z.string(),
  MemorySize: z.optional(z.number()),
  Environment: z.optional(z.looseObject({ Variables: z.optional(z.record(z.string(), z.unknown())) })),
  LoggingConfig: z.optional(
    z.looseObject({ LogFormat: z.optional(z.string()), ApplicationLogLevel: z.optional(z.string()) }),
  ),
});

const routePropertiesSchema = z.looseObject({ RouteKey: z.string(), Target: z.unknown() });
const integrationPropertiesSchema = z.looseObject({ IntegrationUri: z.unknown() });
const eventSourcePropertiesSchema = z.looseObject({
  FunctionName: z.unknown(),
  EventSourceArn: z.unknown(),
  BatchSize: z.optional(z.number()),
  FunctionResponseTypes: z.optional(z.array(z.string())),
  FilterCriteria: z.optional(
    z.looseObject({ Filters: z.optional(z.array(z.looseObject({ Pattern: z.string() }))) }),
  ),
});
const rulePropertiesSchema = z.looseObject({
  ScheduleExpression: z.optional(z.string()),
  Targets: z.optional(z.array(z.looseObject({ Arn: z.unknown() }))),
});
const customResourcePropertiesSchema = z.looseObject({ ServiceToken: z.unknown() });

/** A Lambda function of the template whose code synth bundled into a folder of the assembly. */
export interface TemplateFunction {
  readonly logicalId: string;
  /** `module.export`, e.g. `index.handler`, as the Lambda runtime resolves it in the code's folder. */
  readonly handler: string;
  readonly runtime: string;
  /** The bundle's folder (the function's `aws:asset:path` in the assembly). */
  readonly codeDir: string;
  readonly memorySize: number | undefined;
  /** `Environment.Variables` as written in the template, intrinsic functions unresolved. */
  readonly environment: Readonly<Record<string, TemplateValue>>;
  readonly logFormat: string | undefined;
  readonly applicationLogLevel: string | undefined;
}

/** An SQS event source mapping: the queue whose batches the function gets. */
export interface QueueSource {
  readonly functionId: string;
  readonly queueId: string;
  readonly batchSize: number | undefined;
  readonly reportsBatchItemFailures: boolean;
}

/** A DynamoDB stream event source mapping: the table whose stream records the function gets, filtered. */
export interface StreamSource {
  readonly functionId: string;
  readonly tableId: string;
  readonly batchSize: number | undefined;
  readonly filters: readonly FilterPattern[];
}

/** An EventBridge rule that runs a function on a schedule. */
export interface Schedule {
  readonly ruleId: string;
  readonly functionId: string;
  readonly expression: string | undefined;
}

/** What the local stack needs of a synthesized stack. */
export interface CloudAssembly {
  readonly dir: string;
  readonly stackName: string;
  readonly resources: Readonly<Record<string, TemplateResource>>;
  /** Every Node.js function of the template, by logical id. */
  readonly functions: ReadonlyMap<string, TemplateFunction>;
  /** The function each API route key is integrated with (`POST /api/v1/products` → logical id). */
  readonly routes: ReadonlyMap<string, string>;
  readonly queueSources: readonly QueueSource[];
  readonly streamSources: readonly StreamSource[];
  readonly schedules: readonly Schedule[];
  /** Functions only CloudFormation invokes, as custom-resource providers (CDK's bucket deployment). */
  readonly customResourceProviders: ReadonlySet<string>;
}

/** Every logical id a value refers to through `Ref`, `Fn::GetAtt` or `${…}` in `Fn::Sub`. */
export const referencedIds = (value: TemplateValue): string[] => {
  if (Array.isArray(value)) return value.flatMap(referencedIds);
  if (typeof value !== "object" || value === null) return [];
  const entries = Object.entries(value);
  const [only] = entries;
  if (entries.length === 1 && only) {
    const [name, argument] = only;
    if (name === "Ref" && typeof argument === "string") return [argument];
    if (name === "Fn::GetAtt") {
      const target = Array.isArray(argument) ? argument[0] : String(argument).split(".")[0];
      return typeof target === "string" ? [target] : [];
    }
    if (name === "Fn::Sub") {
      const text = Array.isArray(argument) ? argument[0] : argument;
      const names = [...String(text).matchAll(/\$\{([^}.!]+)[^}]*\}/g)].map((m) => m[1] ?? "");
      return [...names, ...(Array.isArray(argument) ? referencedIds(argument[1]) : [])];
    }
  }
  return entries.flatMap(([, inner]) => referencedIds(inner));
};

/** The one resource of `type` a value refers to; throws naming `what` when there is none or several. */
const referencedOfType = (
  resources: Readonly<Record<string, TemplateResource>>,
  value: TemplateValue,
  types: readonly string[],
  what: string,
): string => {
  const ids = [...new Set(referencedIds(value))].filter((id) => types.includes(resources[id]?.Type ?? ""));
  const [id] = ids;
  if (ids.length !== 1 || id === undefined) {
    throw new Error(`${what} refers to ${ids.length} resources of type ${types.join(" or ")}, not one`);
  }
  return id;
};

const stackTemplateFile = (dir: string, stackName: string | undefined): { name: string; file: string } => {
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")));
  const stacks = Object.entries(manifest.artifacts).filter(
    ([name, artifact]) =>
      artifact.type === "aws:cloudformation:stack" && (stackName === undefined || name === stackName),
  );
  const [stack] = stacks;
  const file = stack?.[1].properties?.templateFile;
  if (stacks.length !== 1 || !stack || !file) {
    throw new Error(
      `${dir} holds ${stacks.length} stacks${stackName ? ` named ${stackName}` : ""}; name the one to run`,
    );
  }
  return { name: stack[0], file };
};

const propertiesOf = <S extends z.core.$ZodType>(
  schema: S,
  id: string,
  resource: TemplateResource,
): z.infer<S> => {
  const parsed = z.safeParse(schema, resource.Properties ?? {});
  if (!parsed.success) throw new Error(`${resource.Type} ${id}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
};

const functionOf = (dir: string, id: string, resource: TemplateResource): TemplateFunction | undefined => {
  const properties = propertiesOf(functionPropertiesSchema, id, resource);
  if (!properties.Runtime.startsWith("nodejs")) return undefined;
  const assetPath = resource.Metadata?.["aws:asset:path"];
  if (typeof assetPath !== "string") throw new Error(`Function ${id} has no bundled code (aws:asset:path)`);
  return {
    logicalId: id,
    handler: properties.Handler,
    runtime: properties.Runtime,
    codeDir: join(dir, assetPath),
    memorySize: properties.MemorySize,
    environment: properties.Environment?.Variables ?? {},
    logFormat: properties.LoggingConfig?.LogFormat,
    applicationLogLevel: properties.LoggingConfig?.ApplicationLogLevel,
  };
};

const FUNCTION = ["AWS::Lambda::Function"];

/** Reads the assembly `cdk synth` wrote into `dir` (its one stack, or the one named). */
export const readCloudAssembly = (dir: string, stackName?: string): CloudAssembly => {
  const stack = stackTemplateFile(dir, stackName);
  const template = templateSchema.parse(JSON.parse(readFileSync(join(dir, stack.file), "utf8")));
  const resources = template.Resources;
  const functions = new Map<string, TemplateFunction>();
  const routes = new Map<string, string>();
  const queueSources: QueueSource[] = [];
  const streamSources: StreamSource[] = [];
  const schedules: Schedule[] = [];
  const customResourceProviders = new Set<string>();

  for (const [id, resource] of Object.entries(resources)) {
    if (resource.Type === "AWS::Lambda::Function") {
      const fn = functionOf(dir, id, resource);
      if (fn) functions.set(id, fn);
    } else if (resource.Type === "AWS::ApiGatewayV2::Route") {
      const route = propertiesOf(routePropertiesSchema, id, resource);
      const what = `Route ${route.RouteKey}`;
      const integrationId = referencedOfType(
        resources,
        route.Target,
        ["AWS::ApiGatewayV2::Integration"],
        what,
      );
      const integration = resources[integrationId];
      if (!integration) throw new Error(`${what}: no integration ${integrationId}`);
      const { IntegrationUri } = propertiesOf(integrationPropertiesSchema, integrationId, integration);
      routes.set(route.RouteKey, referencedOfType(resources, IntegrationUri, FUNCTION, what));
    } else if (resource.Type === "AWS::Lambda::EventSourceMapping") {
      const mapping = propertiesOf(eventSourcePropertiesSchema, id, resource);
      const functionId = referencedOfType(resources, mapping.FunctionName, FUNCTION, `Event source ${id}`);
      const sourceId = referencedOfType(
        resources,
        mapping.EventSourceArn,
        ["AWS::SQS::Queue", "AWS::DynamoDB::GlobalTable", "AWS::DynamoDB::Table"],
        `Event source ${id}`,
      );
      if (resources[sourceId]?.Type === "AWS::SQS::Queue") {
        queueSources.push({
          functionId,
          queueId: sourceId,
          batchSize: mapping.BatchSize,
          reportsBatchItemFailures:
            mapping.FunctionResponseTypes?.includes("ReportBatchItemFailures") ?? false,
        });
      } else {
        streamSources.push({
          functionId,
          tableId: sourceId,
          batchSize: mapping.BatchSize,
          filters: (mapping.FilterCriteria?.Filters ?? []).map(
            (filter) => JSON.parse(filter.Pattern) as FilterPattern,
          ),
        });
      }
    } else if (resource.Type === "AWS::Events::Rule") {
      const rule = propertiesOf(rulePropertiesSchema, id, resource);
      for (const target of rule.Targets ?? []) {
        const targets = referencedIds(target.Arn).filter((ref) => resources[ref]?.Type === FUNCTION[0]);
        for (const functionId of targets)
          schedules.push({ ruleId: id, functionId, expression: rule.ScheduleExpression });
      }
    } else if (
      resource.Type.startsWith("Custom::") ||
      resource.Type === "AWS::CloudFormation::CustomResource"
    ) {
      const { ServiceToken } = propertiesOf(customResourcePropertiesSchema, id, resource);
      for (const ref of referencedIds(ServiceToken))
        if (resources[ref]?.Type === FUNCTION[0]) customResourceProviders.add(ref);
    }
  }
  return {
    dir,
    stackName: stack.name,
    resources,
    functions,
    routes,
    queueSources,
    streamSources,
    schedules,
    customResourceProviders,
  };
};
