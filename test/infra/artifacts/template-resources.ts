import { DeleteTableCommand, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { CreateBucketCommand, DeleteBucketCommand, S3Client } from "@aws-sdk/client-s3";
import {
  CreateQueueCommand,
  DeleteQueueCommand,
  GetQueueAttributesCommand,
  SQSClient,
} from "@aws-sdk/client-sqs";
import {
  type CloudAssembly,
  referencedIds,
  type TemplateResource,
} from "../../../infra/local/cloud-assembly.js";
import { LOCAL_ACCOUNT, LOCAL_REGION } from "../../../infra/local/lambda-runtime-environment.js";
import {
  type LocalStackConfig,
  localCredentials,
  localEndpoints,
  localSecret,
} from "../../../infra/local/local-environment.js";
import { createLocalTable, localQueueUrl } from "../../../infra/local/provision.js";
import { type LocalResource, UNMAPPED_HOST } from "../../../infra/local/template-environment.js";

/** The template's stateful resources as made on the local services, and what each is called there. */
export interface TemplateResources {
  /** Each resource's local `Ref` and attributes, by logical id; the caller adds what it serves itself. */
  readonly names: Map<string, LocalResource>;
  /** AWS URLs with no local host and the local URL each stands for (a CDN's, its bucket's on fauxqs). */
  readonly urls: readonly { readonly aws: string; readonly local: string }[];
  /** Each secret's local ARN and its value, for the Secrets Manager endpoint. */
  readonly secrets: ReadonlyMap<string, string>;
  /** Deletes what was made: the run's fauxqs and DynamoDB Local outlive the stack. */
  remove(): Promise<void>;
}

/** The template's resources of these types, as [logical id, resource]. */
export const ofType = (resources: Readonly<Record<string, TemplateResource>>, ...types: string[]) =>
  Object.entries(resources).filter(([, resource]) => types.includes(resource.Type));

/** `MASTER_SECRET_ARN` → `master-secret`: the file the local stack and the ops CLI keep that secret in. */
const secretFileOf = (variable: string): string | undefined =>
  /^([A-Z0-9_]+)_ARN$/.exec(variable)?.[1]?.toLowerCase().replaceAll("_", "-");

/**
 * Makes the template's table (from the shared schema, as the CDK table is), its queues (dead-letter
 * queues first, each with the template's visibility timeout and redrive policy) and buckets, named
 * `<prefix>-<logical id>`, and gives its CDNs and secrets their local names. What it made is removed
 * again if a later step fails.
 */
export const provisionTemplateResources = async (
  assembly: CloudAssembly,
  config: LocalStackConfig,
  prefix: string,
): Promise<TemplateResources> => {
  const endpoints = localEndpoints(config);
  const credentials = localCredentials(config);
  const sqs = new SQSClient({ endpoint: endpoints.fauxqs, region: LOCAL_REGION, credentials });
  const s3 = new S3Client({
    endpoint: endpoints.fauxqs,
    region: LOCAL_REGION,
    credentials,
    forcePathStyle: true,
  });
  const dynamodb = new DynamoDBClient({ endpoint: endpoints.dynamodb, region: LOCAL_REGION, credentials });
  const names = new Map<string, LocalResource>();
  const queues: string[] = [];
  const buckets: string[] = [];
  let tableCreated = false;

  const remove = async () => {
    await Promise.allSettled([
      ...queues.map((name) =>
        sqs.send(new DeleteQueueCommand({ QueueUrl: localQueueUrl(endpoints.fauxqs, name) })),
      ),
      ...buckets.map((name) => s3.send(new DeleteBucketCommand({ Bucket: name }))),
      ...(tableCreated ? [dynamodb.send(new DeleteTableCommand({ TableName: config.tableName }))] : []),
    ]);
    for (const client of [sqs, s3, dynamodb]) client.destroy();
  };

  try {
    const tables = ofType(assembly.resources, "AWS::DynamoDB::GlobalTable", "AWS::DynamoDB::Table");
    if (tables.length !== 1)
      throw new Error(`The template has ${tables.length} tables; the local stack makes one`);
    await createLocalTable(config);
    tableCreated = true;
    const tableArn = `arn:aws:dynamodb:${LOCAL_REGION}:${LOCAL_ACCOUNT}:table/${config.tableName}`;
    for (const [id] of tables) {
      names.set(id, {
        ref: config.tableName,
        attributes: { Arn: tableArn, StreamArn: `${tableArn}/stream/local` },
      });
    }

    // The queues, dead-letter queues first, each with the template's visibility timeout and redrive policy.
    const templateQueues = ofType(assembly.resources, "AWS::SQS::Queue").sort(
      ([, a], [, b]) =>
        Number(a.Properties?.RedrivePolicy !== undefined) - Number(b.Properties?.RedrivePolicy !== undefined),
    );
    for (const [id, resource] of templateQueues) {
      const name = `${prefix}-${id}`.slice(0, 80);
      const redrive = resource.Properties?.RedrivePolicy as
        | { deadLetterTargetArn?: unknown; maxReceiveCount?: number }
        | undefined;
      const deadLetterId = redrive ? referencedIds(redrive.deadLetterTargetArn)[0] : undefined;
      const deadLetterArn = deadLetterId ? names.get(deadLetterId)?.attributes?.Arn : undefined;
      const attributes: Record<string, string> = {
        ...(resource.Properties?.VisibilityTimeout === undefined
          ? {}
          : { VisibilityTimeout: String(resource.Properties.VisibilityTimeout) }),
        ...(redrive && deadLetterArn
          ? {
              RedrivePolicy: JSON.stringify({
                deadLetterTargetArn: deadLetterArn,
                maxReceiveCount: String(redrive.maxReceiveCount),
              }),
            }
          : {}),
      };
      await sqs.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }));
      queues.push(name);
      const url = localQueueUrl(endpoints.fauxqs, name);
      const arn = (
        await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ["QueueArn"] }))
      ).Attributes?.QueueArn;
      if (!arn) throw new Error(`fauxqs gave queue ${name} no ARN`);
      names.set(id, { ref: url, attributes: { Arn: arn, QueueName: name, QueueUrl: url } });
    }

    for (const [id] of ofType(assembly.resources, "AWS::S3::Bucket")) {
      const name = `${prefix}-${id.toLowerCase()}`.slice(0, 63);
      await s3.send(new CreateBucketCommand({ Bucket: name }));
      buckets.push(name);
      names.set(id, {
        ref: name,
        attributes: { Arn: `arn:aws:s3:::${name}`, RegionalDomainName: `${name}.s3${UNMAPPED_HOST}` },
      });
    }

    // A CDN's URL is its bucket's URL on fauxqs (path-style), as the local stack serves images.
    const urls: { aws: string; local: string }[] = [];
    for (const [id, resource] of ofType(assembly.resources, "AWS::CloudFront::Distribution")) {
      const domain = `${id.toLowerCase()}${UNMAPPED_HOST}`;
      names.set(id, { ref: id, attributes: { DomainName: domain } });
      const distribution = resource.Properties?.DistributionConfig as { Origins?: unknown } | undefined;
      const origins = referencedIds(distribution?.Origins).filter(
        (ref) => assembly.resources[ref]?.Type === "AWS::S3::Bucket",
      );
      const bucket = origins.length === 1 && origins[0] ? names.get(origins[0])?.ref : undefined;
      if (bucket) urls.push({ aws: `https://${domain}`, local: `${endpoints.fauxqs}/${bucket}` });
    }

    // Secrets: each `<NAME>_ARN` variable names a secret whose value is the local stack's `<name>` file.
    const secrets = new Map<string, string>();
    const claims = new Map<string, string>();
    for (const [id] of ofType(assembly.resources, "AWS::SecretsManager::Secret")) {
      names.set(id, { ref: `arn:aws:secretsmanager:${LOCAL_REGION}:${LOCAL_ACCOUNT}:secret:${id}` });
    }
    for (const fn of assembly.functions.values()) {
      for (const [variable, value] of Object.entries(fn.environment)) {
        const file = secretFileOf(variable);
        const [id] = referencedIds(value);
        if (!file || !id || assembly.resources[id]?.Type !== "AWS::SecretsManager::Secret") continue;
        const claimed = claims.get(id);
        if (claimed !== undefined && claimed !== variable) {
          throw new Error(`Secret ${id} is named by both ${claimed} and ${variable} (in ${fn.logicalId})`);
        }
        claims.set(id, variable);
        secrets.set(names.get(id)?.ref ?? id, localSecret(config, file));
      }
    }
    return { names, urls, secrets, remove };
  } catch (error) {
    await remove();
    throw error;
  }
};
