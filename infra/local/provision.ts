import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  type Projection,
  ResourceInUseException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from "@aws-sdk/client-dynamodb";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  SetQueueAttributesCommand,
  SQSClient,
} from "@aws-sdk/client-sqs";
import { type IndexDefinition, tableSchema } from "../../shared/data/table-schema.js";
import { EMAIL_MAX_RECEIVES } from "../../shared/mail/email-receives.js";
import { webhookMaxReceives, webhookRetryDelays } from "../../shared/webhooks/retry-schedule.js";
import { type LocalStackConfig, localCredentials, localEndpoints } from "./local-environment.js";

/** Queue URLs the local stack created, as the CDK stack would pass them to functions. */
export interface LocalQueueUrls {
  readonly webhooks: string;
  readonly webhooksDeadLetter: string;
  readonly emails: string;
  readonly emailsDeadLetter: string;
}

const region = "us-east-1";

/**
 * A queue URL on the emulator's own endpoint. fauxqs answers with `sqs.<region>.localhost` URLs, which
 * do not resolve everywhere, and the SDK sends to a queue URL's host; fauxqs finds queues by name.
 */
export const localQueueUrl = (endpoint: string, name: string): string => `${endpoint}/000000000000/${name}`;

/** An index's projection as DynamoDB's API takes it. */
const projectionOf = (index: IndexDefinition): Projection =>
  index.projection.type === "INCLUDE"
    ? { ProjectionType: "INCLUDE", NonKeyAttributes: [...index.projection.attributes] }
    : { ProjectionType: "KEYS_ONLY" };

/** Creates the table from the shared schema (same keys and GSIs as the CDK stack); an existing table is kept. */
export const createLocalTable = async (config: LocalStackConfig): Promise<void> => {
  const client = new DynamoDBClient({
    endpoint: localEndpoints(config).dynamodb,
    region,
    credentials: localCredentials(config),
  });
  const attributeNames = new Set<string>([tableSchema.partitionKey, tableSchema.sortKey]);
  for (const index of tableSchema.globalIndexes) {
    attributeNames.add(index.partitionKey);
    attributeNames.add(index.sortKey);
  }
  try {
    await client.send(
      new CreateTableCommand({
        TableName: config.tableName,
        BillingMode: "PAY_PER_REQUEST",
        AttributeDefinitions: [...attributeNames].map((name) => ({
          AttributeName: name,
          AttributeType: "S",
        })),
        KeySchema: [
          { AttributeName: tableSchema.partitionKey, KeyType: "HASH" },
          { AttributeName: tableSchema.sortKey, KeyType: "RANGE" },
        ],
        GlobalSecondaryIndexes: tableSchema.globalIndexes.map((index) => ({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: "HASH" },
            { AttributeName: index.sortKey, KeyType: "RANGE" },
          ],
          Projection: projectionOf(index),
        })),
        StreamSpecification: { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" },
      }),
    );
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: config.tableName,
        TimeToLiveSpecification: { Enabled: true, AttributeName: tableSchema.ttlAttribute },
      }),
    );
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
    await addMissingIndexes(client, config.tableName);
  }
  client.destroy();
};

/**
 * A table kept in `.local/` from an older version gains the indexes added since, one at a time as
 * DynamoDB requires. An index it already has keeps its projection (an older one projects everything,
 * which serves every reader); delete `.local/` to get the declared projections.
 */
const addMissingIndexes = async (client: DynamoDBClient, tableName: string) => {
  const table = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
  const existing = new Set((table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  for (const index of tableSchema.globalIndexes) {
    if (existing.has(index.name)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [
          { AttributeName: index.partitionKey, AttributeType: "S" },
          { AttributeName: index.sortKey, AttributeType: "S" },
        ],
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: index.name,
              KeySchema: [
                { AttributeName: index.partitionKey, KeyType: "HASH" },
                { AttributeName: index.sortKey, KeyType: "RANGE" },
              ],
              Projection: projectionOf(index),
            },
          },
        ],
      }),
    );
  }
};

/** Creates the webhook and e-mail queues, each with its dead-letter queue and redrive policy. */
export const createLocalQueues = async (config: LocalStackConfig): Promise<LocalQueueUrls> => {
  const client = new SQSClient({
    endpoint: localEndpoints(config).fauxqs,
    region,
    credentials: localCredentials(config),
  });
  const create = async (name: string, attributes: Record<string, string> = {}) => {
    const url = localQueueUrl(localEndpoints(config).fauxqs, name);
    try {
      await client.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }));
    } catch (error) {
      // A persisted queue made with other settings (e.g. another WEBHOOK_RETRY_DELAYS_SECONDS) takes this run's.
      if (!(error instanceof Error && /QueueNameExists|QueueAlreadyExists/.test(error.name))) throw error;
      await client.send(new SetQueueAttributesCommand({ QueueUrl: url, Attributes: attributes }));
    }
    return url;
  };
  const withDeadLetter = async (name: string, deadLetterName: string, maxReceiveCount: number) => {
    const deadLetterUrl = await create(deadLetterName, { MessageRetentionPeriod: "1209600" });
    const arn = (
      await client.send(
        new GetQueueAttributesCommand({ QueueUrl: deadLetterUrl, AttributeNames: ["QueueArn"] }),
      )
    ).Attributes?.QueueArn;
    const url = await create(name, {
      VisibilityTimeout: "30",
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: arn, maxReceiveCount: String(maxReceiveCount) }),
    });
    return { url, deadLetterUrl };
  };
  // Webhook jobs are retried once per delay of the schedule before they go to the dead-letter queue.
  const webhookReceives = webhookMaxReceives(webhookRetryDelays(process.env.WEBHOOK_RETRY_DELAYS_SECONDS));
  const webhooks = await withDeadLetter(
    config.queues.webhooks,
    config.queues.webhooksDeadLetter,
    webhookReceives,
  );
  const emails = await withDeadLetter(
    config.queues.emails,
    config.queues.emailsDeadLetter,
    EMAIL_MAX_RECEIVES,
  );
  client.destroy();
  return {
    webhooks: webhooks.url,
    webhooksDeadLetter: webhooks.deadLetterUrl,
    emails: emails.url,
    emailsDeadLetter: emails.deadLetterUrl,
  };
};

/** Creates the image bucket. */
export const createLocalBucket = async (config: LocalStackConfig): Promise<void> => {
  const client = new S3Client({
    endpoint: localEndpoints(config).fauxqs,
    region,
    credentials: localCredentials(config),
    forcePathStyle: true,
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: config.imageBucket }));
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name !== "BucketAlreadyOwnedByYou" && name !== "BucketAlreadyExists") throw error;
  }
  client.destroy();
};
