import { Duration, Stack } from "aws-cdk-lib";
import { Rule, Schedule } from "aws-cdk-lib/aws-events";
import { LambdaFunction } from "aws-cdk-lib/aws-events-targets";
import { Effect, PolicyStatement } from "aws-cdk-lib/aws-iam";
import { FilterCriteria, StartingPosition } from "aws-cdk-lib/aws-lambda";
import { DynamoEventSource, SqsDlq, SqsEventSource } from "aws-cdk-lib/aws-lambda-event-sources";
import { Queue, QueueEncryption } from "aws-cdk-lib/aws-sqs";
import type { Construct } from "constructs";
import { EMAIL_MAX_RECEIVES } from "../../../shared/mail/email-receives.js";
import { DEFAULT_WEBHOOK_RETRY_DELAYS, webhookMaxReceives } from "../../../shared/webhooks/retry-schedule.js";
import { functionMemoryMb } from "../capacity-plan.js";
import { MarketplaceFunction } from "../marketplace-function.js";
import { catalogueIndexerFilters, outboxForwarderFilters } from "../stream-filters.js";
import type { MarketplaceData } from "./data.js";

export interface MarketplaceWorkersProps {
  /** The table whose stream feeds the outbox, and the secrets and grants the workers use. */
  readonly data: MarketplaceData;
  /** The API's base URL, for links in webhooks (PUBLIC_BASE_URL). */
  readonly apiUrl: string;
  /** Verified SES identity the mailer sends from (an address or a domain). */
  readonly senderIdentity: string;
}

/** A work queue and the dead-letter queue it re-drives to. */
export interface WorkQueue {
  readonly queue: Queue;
  readonly deadLetter: Queue;
}

const workerTimeout = Duration.seconds(30);
/** Retries of a catalogue stream record before its dead-letter queue (within the 24 hours a record may wait). */
const CATALOGUE_RETRY_ATTEMPTS = 10;

const workQueue = (
  scope: Construct,
  name: string,
  consumerTimeout: Duration,
  maxReceiveCount: number,
): WorkQueue => {
  const deadLetter = new Queue(scope, `${name}DeadLetter`, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  const queue = new Queue(scope, `${name}Queue`, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(4),
    // AWS's guidance: at least six times the consumer's timeout.
    visibilityTimeout: Duration.seconds(consumerTimeout.toSeconds() * 6),
    deadLetterQueue: { queue: deadLetter, maxReceiveCount },
  });
  return { queue, deadLetter };
};

/**
 * Background work: webhook and e-mail queues and senders, the outbox forwarder, the catalogue indexer,
 * the maintenance job.
 */
export class MarketplaceWorkers {
  readonly webhooks: WorkQueue;
  readonly emails: WorkQueue;
  /** Where the outbox forwarder's stream records go when they could not be forwarded in 24 hours. */
  readonly outboxDeadLetter: Queue;
  /** Where the catalogue indexer's stream records go when they could not be indexed (retries or 24 hours). */
  readonly catalogueDeadLetter: Queue;
  readonly webhookSender: MarketplaceFunction;
  readonly mailer: MarketplaceFunction;
  readonly outboxForwarder: MarketplaceFunction;
  readonly catalogueIndexer: MarketplaceFunction;
  readonly maintenance: MarketplaceFunction;

  constructor(scope: Construct, props: MarketplaceWorkersProps) {
    const { data, senderIdentity } = props;
    // A webhook job is tried once per delay of its retry schedule (over 24 hours) before the dead-letter queue.
    this.webhooks = workQueue(
      scope,
      "Webhooks",
      workerTimeout,
      webhookMaxReceives(DEFAULT_WEBHOOK_RETRY_DELAYS),
    );
    this.emails = workQueue(scope, "Emails", workerTimeout, EMAIL_MAX_RECEIVES);

    this.webhookSender = new MarketplaceFunction(scope, "WebhookSender", {
      entry: "functions/webhooks/handler.ts",
      memorySize: functionMemoryMb.webhooks,
      description: "Sends signed payment webhooks to sellers",
      environment: {
        ...data.baseEnvironment,
        PUBLIC_BASE_URL: props.apiUrl,
        WEBHOOK_QUEUE_URL: this.webhooks.queue.queueUrl,
        // A message it can never read goes here at once instead of waiting out the retry schedule.
        WEBHOOK_DLQ_URL: this.webhooks.deadLetter.queueUrl,
      },
      timeout: workerTimeout,
    });
    data.grant(this.webhookSender.role, { table: "read-write", masterSecret: true, images: false });
    this.webhooks.deadLetter.grantSendMessages(this.webhookSender.role);
    this.webhookSender.function.addEventSource(
      new SqsEventSource(this.webhooks.queue, { batchSize: 10, reportBatchItemFailures: true }),
    );

    this.mailer = new MarketplaceFunction(scope, "Mailer", {
      entry: "functions/mailer/handler.ts",
      memorySize: functionMemoryMb.mailer,
      description: "Sends buyer e-mails through SES",
      environment: {
        ...data.baseEnvironment,
        SENDER_ADDRESS: senderIdentity.includes("@") ? senderIdentity : `no-reply@${senderIdentity}`,
        EMAIL_DLQ_URL: this.emails.deadLetter.queueUrl,
      },
      timeout: workerTimeout,
    });
    // Read the order and product; write only the order's "e-mail sent" mark. The master secret derives
    // the key that opens a key product's codes for the buyer's e-mail.
    data.grant(this.mailer.role, { table: "read-write", masterSecret: true, images: false });
    this.emails.deadLetter.grantSendMessages(this.mailer.role);
    this.mailer.function.addEventSource(
      new SqsEventSource(this.emails.queue, { batchSize: 10, reportBatchItemFailures: true }),
    );
    this.mailer.role.addToPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        // SendEmail only: the mailer never sends raw MIME (the IAM check's finding).
        actions: ["ses:SendEmail"],
        resources: [
          Stack.of(scope).formatArn({ service: "ses", resource: "identity", resourceName: senderIdentity }),
        ],
      }),
    );

    // The outbox: committed events reach their queues through the table's stream, retried until they do.
    this.outboxDeadLetter = new Queue(scope, "OutboxDeadLetter", {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.outboxForwarder = new MarketplaceFunction(scope, "OutboxForwarder", {
      entry: "functions/outbox/handler.ts",
      memorySize: functionMemoryMb.outbox,
      description: "Forwards outbox events from the table stream to the webhook and e-mail queues",
      environment: {
        WEBHOOK_QUEUE_URL: this.webhooks.queue.queueUrl,
        EMAIL_QUEUE_URL: this.emails.queue.queueUrl,
      },
      timeout: Duration.seconds(30),
    });
    this.webhooks.queue.grantSendMessages(this.outboxForwarder.role);
    this.emails.queue.grantSendMessages(this.outboxForwarder.role);
    this.outboxForwarder.function.addEventSource(
      new DynamoEventSource(data.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        reportBatchItemFailures: true,
        maxRecordAge: Duration.hours(24),
        onFailure: new SqsDlq(this.outboxDeadLetter),
        // Outbox INSERTs and the changes a seller may opt into hearing of (#23), as narrow as a filter can
        // say them; the forwarder compares the old and new images to tell which really are one.
        filters: outboxForwarderFilters.map((filter) => FilterCriteria.filter(filter)),
      }),
    );

    // The public catalogue follows the products through the same stream (filtered on the product item's
    // key: `catalogueIndexerFilters`).
    this.catalogueDeadLetter = new Queue(scope, "CatalogueDeadLetter", {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.catalogueIndexer = new MarketplaceFunction(scope, "CatalogueIndexer", {
      entry: "functions/catalogue-indexer/handler.ts",
      memorySize: functionMemoryMb["catalogue-indexer"],
      description: "Keeps the public catalogue in step with product changes from the table stream",
      // The table only: the indexer reads no sealed value, so it gets neither the master secret nor its ARN.
      environment: data.tableEnvironment,
      timeout: Duration.minutes(1),
    });
    // Reads products, categories and listings; writes catalogue entries and counters. No stream or
    // table-admin action: the event source mapping below grants the stream reads.
    data.grant(this.catalogueIndexer.role, { table: "read-write", masterSecret: false, images: false });
    this.catalogueIndexer.function.addEventSource(
      new DynamoEventSource(data.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        reportBatchItemFailures: true,
        maxRecordAge: Duration.hours(24),
        // A sync re-reads the product as it is now, so a retry is always safe and rides out throttling and
        // transaction conflicts; the bound keeps one product that keeps failing from holding up its shard
        // (every later product change in it) for the whole 24 hours.
        retryAttempts: CATALOGUE_RETRY_ATTEMPTS,
        onFailure: new SqsDlq(this.catalogueDeadLetter),
        filters: catalogueIndexerFilters.map((filter) => FilterCriteria.filter(filter)),
      }),
    );

    this.maintenance = new MarketplaceFunction(scope, "Maintenance", {
      entry: "functions/maintenance/handler.ts",
      memorySize: functionMemoryMb.maintenance,
      description: "Expires unpaid orders and returns their stock",
      environment: data.baseEnvironment,
      timeout: Duration.minutes(1),
    });
    data.grant(this.maintenance.role, { table: "read-write", masterSecret: false, images: false });
    new Rule(scope, "MaintenanceSchedule", {
      description: "Runs the marketplace maintenance every minute",
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(this.maintenance.function, { retryAttempts: 2 })],
    });
  }
}
