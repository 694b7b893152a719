/**
 * A synthesized template's values as they would be once deployed, in a made-up account: the IAM check
 * evaluates policies on concrete ARNs, so each `Ref`, `Fn::GetAtt`, `Fn::Join` and `Fn::Sub` becomes the
 * string CloudFormation would put there. A resource's physical name is its logical id (lowercased for a
 * bucket), so every ARN names the logical resource it stands for.
 */

/** The account, region and partition the check deploys into. */
export const DEPLOYED = { account: "123456789012", region: "us-east-1", partition: "aws" } as const;

export type Json = Record<string, unknown>;

/** A template resource: its type and properties. */
export interface TemplateResource {
  readonly Type: string;
  readonly Properties?: Json;
}

export const isJson = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const { account, region, partition } = DEPLOYED;

const pseudo: Record<string, string> = {
  "AWS::AccountId": account,
  "AWS::Region": region,
  "AWS::Partition": partition,
  "AWS::URLSuffix": "amazonaws.com",
  "AWS::StackName": "Marketplace",
};

/** What `Ref` and each `Fn::GetAtt` attribute return, by resource type, for a resource named `name`. */
const attributes: Record<string, (name: string) => Record<string, string>> = {
  "AWS::DynamoDB::GlobalTable": (name) => {
    const arn = `arn:${partition}:dynamodb:${region}:${account}:table/${name}`;
    return { Ref: name, Arn: arn, StreamArn: `${arn}/stream/2026-01-01T00:00:00.000` };
  },
  "AWS::DynamoDB::Table": (name) => attributes["AWS::DynamoDB::GlobalTable"]?.(name) ?? {},
  "AWS::SQS::Queue": (name) => ({
    Ref: `https://sqs.${region}.amazonaws.com/${account}/${name}`,
    Arn: `arn:${partition}:sqs:${region}:${account}:${name}`,
    QueueName: name,
  }),
  "AWS::S3::Bucket": (name) => {
    const bucket = name.toLowerCase();
    return { Ref: bucket, Arn: `arn:${partition}:s3:::${bucket}`, DomainName: `${bucket}.s3.amazonaws.com` };
  },
  // A secret's ARN ends in six random characters, which every grant CDK writes names through `Ref`.
  "AWS::SecretsManager::Secret": (name) => ({
    Ref: `arn:${partition}:secretsmanager:${region}:${account}:secret:${name}-AbCdEf`,
  }),
  "AWS::Logs::LogGroup": (name) => ({
    Ref: name,
    Arn: `arn:${partition}:logs:${region}:${account}:log-group:${name}:*`,
  }),
  "AWS::Lambda::Function": (name) => ({
    Ref: name,
    Arn: `arn:${partition}:lambda:${region}:${account}:function:${name}`,
  }),
  "AWS::IAM::Role": (name) => ({ Ref: name, Arn: `arn:${partition}:iam::${account}:role/${name}` }),
  "AWS::KMS::Key": (name) => ({ Ref: name, Arn: `arn:${partition}:kms:${region}:${account}:key/${name}` }),
  "AWS::SNS::Topic": (name) => ({ Ref: `arn:${partition}:sns:${region}:${account}:${name}` }),
};

/** The value of `Ref` or of a `Fn::GetAtt` attribute of a resource (unknown ones read as `<id>.<attribute>`). */
export const attributeOf = (
  resources: Readonly<Record<string, TemplateResource>>,
  logicalId: string,
  attribute: string,
): string => {
  if (attribute === "Ref" && pseudo[logicalId]) return pseudo[logicalId];
  const resource = resources[logicalId];
  if (!resource) throw new Error(`The template has no resource ${logicalId}`);
  const known = attributes[resource.Type]?.(logicalId)[attribute];
  // A value no check compares (a CloudFront distribution's id in a bucket policy) only has to be a string.
  return known ?? (attribute === "Ref" ? logicalId : `${logicalId}.${attribute}`);
};

const substitute = (
  resources: Readonly<Record<string, TemplateResource>>,
  text: string,
  vars: Json,
): string =>
  text.replace(/\$\{([^}!]+)\}/g, (_, name: string) => {
    if (name in vars) return String(resolveValue(resources, vars[name]));
    const [id = "", attribute] = name.split(".");
    return attributeOf(resources, id, attribute ?? "Ref");
  });

/** `value` with every intrinsic function replaced by what CloudFormation would put there. */
export const resolveValue = (
  resources: Readonly<Record<string, TemplateResource>>,
  value: unknown,
): unknown => {
  if (Array.isArray(value)) return value.map((item) => resolveValue(resources, item));
  if (!isJson(value)) return value;
  // An intrinsic function is an object of one key; anything else is a plain object to resolve inside.
  const [key, argument] = Object.keys(value).length === 1 ? (Object.entries(value)[0] ?? []) : [];
  if (key === "Ref") return attributeOf(resources, String(argument), "Ref");
  if (key === "Fn::GetAtt") {
    const [id, attribute] = Array.isArray(argument) ? argument : String(argument).split(".");
    return attributeOf(resources, String(id), String(attribute));
  }
  if (key === "Fn::Join") {
    const [separator, parts] = argument as [string, unknown[]];
    return (resolveValue(resources, parts) as unknown[]).join(separator);
  }
  if (key === "Fn::Sub") {
    const [text, vars] = Array.isArray(argument) ? argument : [argument, {}];
    return substitute(resources, String(text), isJson(vars) ? vars : {});
  }
  if (key?.startsWith("Fn::")) throw new Error(`The IAM check cannot resolve ${key} yet`);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveValue(resources, v)]));
};
