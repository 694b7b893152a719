import { Duration, Stack } from "aws-cdk-lib";
import { Rule, Schedule } from "aws-cdk-lib/aws-events";
import { LambdaFunction } from "aws-cdk-lib/aws-events-targets";
import { Effect, PolicyStatement } from "aws-cdk-lib/aws-iam";
import { FilterCriteria, FilterRule, StartingPosition } from "aws-cdk-lib/aws-lambda";
import { DynamoEventSource, SqsDlq, SqsEventSource } from "aws-cdk-lib/aws-lambda-event-sources";
import { Queue, QueueEncryption } from "aws-cdk-lib/aws-sqs";
import type { Construct } from "constructs";
import { DEFAULT_WEBHOOK_RETRY_DELAYS, webhookMaxReceives } from "../../../shared/webhooks/retry-schedule.js";
import { MarketplaceFunction } from "../marketplace-function.js";
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

/** Receives before an e-mail job moves to its dead-letter queue. */
const MAX_RECEIVE_COUNT = 5;
const workerTimeout = Duration.seconds(30);

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

/** Background work: webhook and e-mail queues and senders, the outbox forwarder, the maintenance job. */
export class MarketplaceWorkers {
  readonly webhooks: WorkQueue;
  readonly emails: WorkQueue;
  /** Where the outbox forwarder's stream records go when they could not be forwarded in 24 hours. */
  readonly outboxDeadLetter: Queue;
  readonly webhookSender: MarketplaceFunction;
  readonly mailer: MarketplaceFunction;
  readonly outboxForwarder: MarketplaceFunction;
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
    this.emails = workQueue(scope, "Emails", workerTimeout, MAX_RECEIVE_COUNT);

    this.webhookSender = new MarketplaceFunction(scope, "WebhookSender", {
      entry: "functions/webhooks/handler.ts",
      description: "Sends signed payment webhooks to sellers",
      environment: {
        ...data.baseEnvironment,
        PUBLIC_BASE_URL: props.apiUrl,
        WEBHOOK_QUEUE_URL: this.webhooks.queue.queueUrl,
      },
      timeout: workerTimeout,
    });
    data.grant(this.webhookSender.role, { table: "read-write", masterSecret: true, images: false });
    this.webhookSender.function.addEventSource(
      new SqsEventSource(this.webhooks.queue, { batchSize: 10, reportBatchItemFailures: true }),
    );

    this.mailer = new MarketplaceFunction(scope, "Mailer", {
      entry: "functions/mailer/handler.ts",
      description: "Sends buyer e-mails through SES",
      environment: {
        ...data.baseEnvironment,
        SENDER_ADDRESS: senderIdentity.includes("@") ? senderIdentity : `no-reply@${senderIdentity}`,
      },
      timeout: workerTimeout,
    });
    // Read the order and product; write only the order's "e-mail sent" mark.
    data.grant(this.mailer.role, { table: "read-write", masterSecret: false, images: false });
    this.mailer.function.addEventSource(
      new SqsEventSource(this.emails.queue, { batchSize: 10, reportBatchItemFailures: true }),
    );
    this.mailer.role.addToPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ["ses:SendEmail", "ses:SendRawEmail"],
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
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.isEqual("INSERT"),
            dynamodb: { NewImage: { entity: { S: FilterRule.isEqual("outbox") } } },
          }),
        ],
      }),
    );

    this.maintenance = new MarketplaceFunction(scope, "Maintenance", {
      entry: "functions/maintenance/handler.ts",
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
