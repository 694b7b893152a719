import type { TemplateFunction, TemplateValue } from "./cloud-assembly.js";

/**
 * A function's environment as the synthesized template writes it, resolved against the local stack:
 * each `Ref` and `Fn::GetAtt` becomes the local name, URL or ARN of the resource it names, so a bundle
 * runs with exactly the variables CloudFormation would give it, pointing at local services.
 */

/** What one resource of the template is on the local stack: its `Ref`, and the attributes used. */
export interface LocalResource {
  readonly ref?: string;
  readonly attributes?: Readonly<Record<string, string>>;
}

/** Everything a template value may name, as the local stack has it. */
export interface LocalNames {
  readonly resources: ReadonlyMap<string, LocalResource>;
  readonly region: string;
  readonly accountId: string;
  /**
   * AWS URLs that have no local host of their own, and the local URL each stands for: a CDN's
   * `https://<domain>` is the image bucket's URL on fauxqs. A resolved value that still holds
   * {@link UNMAPPED_HOST} names an endpoint the local stack does not serve, and is refused.
   */
  readonly urls?: readonly { readonly aws: string; readonly local: string }[];
}

/** The domain a local resource attribute ends in when it only means something through `urls`. */
export const UNMAPPED_HOST = ".unmapped.invalid";

/**
 * Variables the Lambda service sets itself and refuses in a function's configuration: a template that
 * sets one fails to deploy, so it fails here first.
 */
export const LAMBDA_RESERVED_VARIABLES: ReadonlySet<string> = new Set([
  "_HANDLER",
  "_X_AMZN_TRACE_ID",
  "AWS_DEFAULT_REGION",
  "AWS_REGION",
  "AWS_EXECUTION_ENV",
  "AWS_LAMBDA_FUNCTION_NAME",
  "AWS_LAMBDA_FUNCTION_MEMORY_SIZE",
  "AWS_LAMBDA_FUNCTION_VERSION",
  "AWS_LAMBDA_INITIALIZATION_TYPE",
  "AWS_LAMBDA_LOG_GROUP_NAME",
  "AWS_LAMBDA_LOG_STREAM_NAME",
  "AWS_ACCESS_KEY",
  "AWS_ACCESS_KEY_ID",
  "AWS_SECRET_ACCESS_KEY",
  "AWS_SESSION_TOKEN",
  "AWS_LAMBDA_RUNTIME_API",
  "LAMBDA_TASK_ROOT",
  "LAMBDA_RUNTIME_DIR",
]);

const pseudoParameter = (name: string, names: LocalNames): string | undefined =>
  ({
    "AWS::Region": names.region,
    "AWS::AccountId": names.accountId,
    "AWS::Partition": "aws",
    "AWS::URLSuffix": "amazonaws.com",
  })[name];

const refOf = (id: string, names: LocalNames): string => {
  const value = pseudoParameter(id, names) ?? names.resources.get(id)?.ref;
  if (value === undefined) throw new Error(`Ref ${id} names nothing the local stack has`);
  return value;
};

const attributeOf = (id: string, attribute: string, names: LocalNames): string => {
  const value = names.resources.get(id)?.attributes?.[attribute];
  if (value === undefined) throw new Error(`Fn::GetAtt ${id}.${attribute} names nothing the local stack has`);
  return value;
};

/** `${Name}` and `${Resource.Attribute}` in an `Fn::Sub` string, with its own variables first. */
const substitute = (text: string, variables: Record<string, string>, names: LocalNames): string =>
  text.replace(/\$\{([^}]+)\}/g, (_, inner: string) => {
    if (inner.startsWith("!")) return `\${${inner.slice(1)}}`;
    const own = variables[inner];
    if (own !== undefined) return own;
    const [id = "", attribute] = inner.split(/\.(.*)/s);
    return attribute === undefined ? refOf(id, names) : attributeOf(id, attribute, names);
  });

/** Resolves a template value to the string the local stack gives it; throws on anything it cannot. */
export const resolveTemplateValue = (value: TemplateValue, names: LocalNames): string => {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  const entries = typeof value === "object" && value !== null ? Object.entries(value) : [];
  const [only] = entries;
  if (entries.length !== 1 || !only) throw new Error(`cannot resolve ${JSON.stringify(value)}`);
  const [name, argument] = only;
  if (name === "Ref" && typeof argument === "string") return refOf(argument, names);
  if (name === "Fn::GetAtt") {
    const [id, attribute] = Array.isArray(argument) ? argument : String(argument).split(/\.(.*)/s);
    return attributeOf(String(id), String(attribute), names);
  }
  if (name === "Fn::Join" && Array.isArray(argument) && Array.isArray(argument[1])) {
    return argument[1]
      .map((part: TemplateValue) => resolveTemplateValue(part, names))
      .join(String(argument[0]));
  }
  if (name === "Fn::Sub") {
    const [text, variables] = Array.isArray(argument) ? argument : [argument, {}];
    const resolved = Object.fromEntries(
      Object.entries((variables ?? {}) as Record<string, TemplateValue>).map(([key, inner]) => [
        key,
        resolveTemplateValue(inner, names),
      ]),
    );
    return substitute(String(text), resolved, names);
  }
  throw new Error(`cannot resolve ${name} locally: ${JSON.stringify(value)}`);
};

/** AWS URLs replaced by the local URLs they stand for. */
const localUrl = (value: string, names: LocalNames): string =>
  (names.urls ?? []).reduce((text, { aws, local }) => text.replaceAll(aws, local), value);

/**
 * The function's template environment, every value resolved for the local stack. Throws, naming the
 * function and the variable, on a reserved variable (Lambda would refuse the deployment) and on any value
 * that names a resource or endpoint the local stack does not have.
 */
export const resolveEnvironment = (fn: TemplateFunction, names: LocalNames): Record<string, string> => {
  const resolved: Record<string, string> = {};
  for (const [variable, value] of Object.entries(fn.environment)) {
    const where = `${fn.logicalId}'s ${variable}`;
    if (LAMBDA_RESERVED_VARIABLES.has(variable)) {
      throw new Error(`${where} is reserved by Lambda: a deployment setting it fails`);
    }
    let text: string;
    try {
      text = localUrl(resolveTemplateValue(value, names), names);
    } catch (error) {
      throw new Error(`${where}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (text.includes(UNMAPPED_HOST)) throw new Error(`${where} is ${text}, which no local endpoint serves`);
    resolved[variable] = text;
  }
  return resolved;
};
