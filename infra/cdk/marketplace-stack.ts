import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from "aws-cdk-lib";
import { AccessLogFormat } from "aws-cdk-lib/aws-apigateway";
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination } from "aws-cdk-lib/aws-apigatewayv2";
import { HttpLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import { Distribution, ViewerProtocolPolicy } from "aws-cdk-lib/aws-cloudfront";
import { S3BucketOrigin } from "aws-cdk-lib/aws-cloudfront-origins";
import { Alarm, ComparisonOperator, TreatMissingData } from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import { AttributeType, StreamViewType, TableV2 } from "aws-cdk-lib/aws-dynamodb";
import { Rule, Schedule } from "aws-cdk-lib/aws-events";
import { LambdaFunction } from "aws-cdk-lib/aws-events-targets";
import { Effect, PolicyStatement } from "aws-cdk-lib/aws-iam";
import { Alias } from "aws-cdk-lib/aws-kms";
import { FilterCriteria, FilterRule, StartingPosition } from "aws-cdk-lib/aws-lambda";
import { DynamoEventSource, SqsDlq, SqsEventSource } from "aws-cdk-lib/aws-lambda-event-sources";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from "aws-cdk-lib/aws-s3";
import { Secret } from "aws-cdk-lib/aws-secretsmanager";
import { Topic } from "aws-cdk-lib/aws-sns";
import { Queue, QueueEncryption } from "aws-cdk-lib/aws-sqs";
import type { Construct } from "constructs";
import { tableSchema } from "../../shared/data/table-schema.js";
import {
  catchAllGroup,
  catchAllPath,
  type EndpointGroup,
  endpointGroups,
  fullPath,
  routes,
} from "../../shared/http/routes.js";
import { DEFAULT_WEBHOOK_RETRY_DELAYS, webhookMaxReceives } from "../../shared/webhooks/retry-schedule.js";
import { MarketplaceFunction } from "./marketplace-function.js";
import { acknowledgeStackFindings } from "./nag-acknowledgements.js";
import { apiGroupPermissions, type FunctionPermissions } from "./permissions.js";

export interface MarketplaceStackProps extends StackProps {
  /** Verified SES identity the mailer sends from (an address or a domain). */
  readonly senderIdentity: string;
}

const tableReadActions = [
  "dynamodb:GetItem",
  "dynamodb:BatchGetItem",
  "dynamodb:Query",
  "dynamodb:ConditionCheckItem",
];
const tableWriteActions = [
  "dynamodb:PutItem",
  "dynamodb:UpdateItem",
  "dynamodb:DeleteItem",
  "dynamodb:BatchWriteItem",
];

/** Receives before an e-mail job moves to its dead-letter queue. */
const MAX_RECEIVE_COUNT = 5;

/** The whole service: one HTTP API, one Lambda per endpoint group, one table, images, queues, workers. */
export class MarketplaceStack extends Stack {
  constructor(scope: Construct, id: string, props: MarketplaceStackProps) {
    super(scope, id, props);

    // --- Data ---------------------------------------------------------------------------------
    const table = new TableV2(this, "Table", {
      partitionKey: { name: tableSchema.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableSchema.sortKey, type: AttributeType.STRING },
      globalSecondaryIndexes: tableSchema.globalIndexes.map((index) => ({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      })),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      dynamoStream: StreamViewType.NEW_AND_OLD_IMAGES,
      timeToLiveAttribute: tableSchema.ttlAttribute,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const paymentCallbackSecret = new Secret(this, "PaymentCallbackSecret", {
      description: "Shared secret of the payment provider's signed callbacks; set it to the provider's value",
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
    });
    const masterSecret = new Secret(this, "MasterSecret", {
      description:
        "Marketplace master secret: access-token signing and data-encryption keys are derived from it",
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
    });

    // --- Images: private bucket, served only through the CDN ----------------------------------
    const accessLogs = new Bucket(this, "AccessLogs", {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging writes with ACLs.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const images = new Bucket(this, "Images", {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: "images-bucket/",
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const cdn = new Distribution(this, "ImageCdn", {
      comment: "Marketplace product and seller images",
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(images),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      },
      enableLogging: true,
      logBucket: accessLogs,
      logFilePrefix: "image-cdn/",
    });

    // --- Queues -------------------------------------------------------------------------------
    const queueWithDeadLetter = (name: string, consumerTimeout: Duration, maxReceiveCount: number) => {
      const deadLetter = new Queue(this, `${name}DeadLetter`, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      const queue = new Queue(this, `${name}Queue`, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(4),
        // AWS's guidance: at least six times the consumer's timeout.
        visibilityTimeout: Duration.seconds(consumerTimeout.toSeconds() * 6),
        deadLetterQueue: { queue: deadLetter, maxReceiveCount },
      });
      return { queue, deadLetter };
    };
    const workerTimeout = Duration.seconds(30);
    // A webhook job is tried once per delay of its retry schedule (over 24 hours) before the dead-letter queue.
    const webhookQueues = queueWithDeadLetter(
      "Webhooks",
      workerTimeout,
      webhookMaxReceives(DEFAULT_WEBHOOK_RETRY_DELAYS),
    );
    const emailQueues = queueWithDeadLetter("Emails", workerTimeout, MAX_RECEIVE_COUNT);

    // --- API ----------------------------------------------------------------------------------
    const api = new HttpApi(this, "Api", {
      description: "Marketplace Seller API v1 and Reseller API v2",
      createDefaultStage: false,
    });
    const apiAccessLogs = new LogGroup(this, "ApiAccessLogs", {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    new HttpStage(this, "ApiStage", {
      httpApi: api,
      stageName: "$default",
      autoDeploy: true,
      throttle: { rateLimit: 200, burstLimit: 400 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(apiAccessLogs),
        // The route key, not the raw path: delivery paths carry one-time tokens that must not reach logs.
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: "$context.requestId",
            ip: "$context.identity.sourceIp",
            requestTime: "$context.requestTime",
            httpMethod: "$context.httpMethod",
            routeKey: "$context.routeKey",
            status: "$context.status",
            protocol: "$context.protocol",
            responseLength: "$context.responseLength",
            integrationLatency: "$context.integrationLatency",
          }),
        ),
      },
    });

    const baseEnvironment = {
      TABLE_NAME: table.tableName,
      MASTER_SECRET_ARN: masterSecret.secretArn,
    };
    const grant = (fn: MarketplaceFunction, permissions: FunctionPermissions) => {
      const role = fn.role;
      if (permissions.table === "read-keys") {
        // Token exchange reads one item by key: no index, no query, no write.
        role.addToPolicy(new PolicyStatement({ actions: ["dynamodb:GetItem"], resources: [table.tableArn] }));
      }
      if (permissions.table === "read" || permissions.table === "read-write") {
        // Item and index actions only: CDK's grantReadData would add stream reads nobody here needs.
        const actions =
          permissions.table === "read" ? tableReadActions : [...tableReadActions, ...tableWriteActions];
        role.addToPolicy(
          new PolicyStatement({ actions, resources: [table.tableArn, `${table.tableArn}/index/*`] }),
        );
      }
      if (permissions.masterSecret) masterSecret.grantRead(role);
      if (permissions.paymentCallbackSecret) paymentCallbackSecret.grantRead(role);
      if (permissions.images) {
        // Uploads write and replace objects under the group's own prefix; nothing lists or reads the bucket.
        role.addToPolicy(
          new PolicyStatement({
            actions: ["s3:PutObject", "s3:DeleteObject"],
            resources: [images.arnForObjects(`${permissions.images}/*`)],
          }),
        );
      }
    };

    const apiFunctions = new Map<EndpointGroup, MarketplaceFunction>();
    for (const group of endpointGroups) {
      const permissions = apiGroupPermissions[group];
      const fn = new MarketplaceFunction(this, `Api-${group}`, {
        entry: `functions/${group}/handler.ts`,
        description: `Marketplace API endpoint group ${group}`,
        environment: {
          ...baseEnvironment,
          ...(permissions.images
            ? {
                IMAGE_BUCKET: images.bucketName,
                PUBLIC_IMAGE_BASE_URL: `https://${cdn.distributionDomainName}`,
              }
            : {}),
          PUBLIC_BASE_URL: api.apiEndpoint,
          ...(permissions.paymentCallbackSecret
            ? { PAYMENT_CALLBACK_SECRET_ARN: paymentCallbackSecret.secretArn }
            : {}),
        },
      });
      grant(fn, permissions);
      apiFunctions.set(group, fn);
    }
    const integrations = new Map(
      [...apiFunctions].map(([group, fn]) => [
        group,
        new HttpLambdaIntegration(`Integration-${group}`, fn.function),
      ]),
    );
    const integrationOf = (group: EndpointGroup) => {
      const integration = integrations.get(group);
      if (!integration) throw new Error(`No integration for ${group}`);
      return integration;
    };
    for (const route of routes) {
      api.addRoutes({
        path: fullPath(route),
        methods: [HttpMethod[route.method]],
        integration: integrationOf(route.group),
      });
    }
    // Unknown paths under each version reach a Lambda, so they get a 404 in that version's envelope.
    for (const version of ["v1", "v2"] as const) {
      api.addRoutes({
        path: catchAllPath(version),
        methods: [HttpMethod.ANY],
        integration: integrationOf(catchAllGroup[version]),
      });
    }

    // --- Workers --------------------------------------------------------------------------------
    const webhookSender = new MarketplaceFunction(this, "WebhookSender", {
      entry: "functions/webhooks/handler.ts",
      description: "Sends signed payment webhooks to sellers",
      environment: {
        ...baseEnvironment,
        PUBLIC_BASE_URL: api.apiEndpoint,
        WEBHOOK_QUEUE_URL: webhookQueues.queue.queueUrl,
      },
      timeout: workerTimeout,
    });
    grant(webhookSender, { table: "read-write", masterSecret: true, images: false });
    webhookSender.function.addEventSource(
      new SqsEventSource(webhookQueues.queue, { batchSize: 10, reportBatchItemFailures: true }),
    );

    const mailer = new MarketplaceFunction(this, "Mailer", {
      entry: "functions/mailer/handler.ts",
      description: "Sends buyer e-mails through SES",
      environment: {
        ...baseEnvironment,
        SENDER_ADDRESS: props.senderIdentity.includes("@")
          ? props.senderIdentity
          : `no-reply@${props.senderIdentity}`,
      },
      timeout: workerTimeout,
    });
    // Read the order and product; write only the order's "e-mail sent" mark.
    grant(mailer, { table: "read-write", masterSecret: false, images: false });
    mailer.function.addEventSource(
      new SqsEventSource(emailQueues.queue, { batchSize: 10, reportBatchItemFailures: true }),
    );
    mailer.role.addToPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ["ses:SendEmail", "ses:SendRawEmail"],
        resources: [
          this.formatArn({ service: "ses", resource: "identity", resourceName: props.senderIdentity }),
        ],
      }),
    );

    // The outbox: committed events reach their queues through the table's stream, retried until they do.
    const outboxDeadLetter = new Queue(this, "OutboxDeadLetter", {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    const outboxForwarder = new MarketplaceFunction(this, "OutboxForwarder", {
      entry: "functions/outbox/handler.ts",
      description: "Forwards outbox events from the table stream to the webhook and e-mail queues",
      environment: {
        WEBHOOK_QUEUE_URL: webhookQueues.queue.queueUrl,
        EMAIL_QUEUE_URL: emailQueues.queue.queueUrl,
      },
      timeout: Duration.seconds(30),
    });
    webhookQueues.queue.grantSendMessages(outboxForwarder.role);
    emailQueues.queue.grantSendMessages(outboxForwarder.role);
    outboxForwarder.function.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        reportBatchItemFailures: true,
        maxRecordAge: Duration.hours(24),
        onFailure: new SqsDlq(outboxDeadLetter),
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.isEqual("INSERT"),
            dynamodb: { NewImage: { entity: { S: FilterRule.isEqual("outbox") } } },
          }),
        ],
      }),
    );

    const maintenance = new MarketplaceFunction(this, "Maintenance", {
      entry: "functions/maintenance/handler.ts",
      description: "Expires unpaid orders and returns their stock",
      environment: baseEnvironment,
      timeout: Duration.minutes(1),
    });
    grant(maintenance, { table: "read-write", masterSecret: false, images: false });
    new Rule(this, "MaintenanceSchedule", {
      description: "Runs the marketplace maintenance every minute",
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(maintenance.function, { retryAttempts: 2 })],
    });

    // --- Alarms -------------------------------------------------------------------------------
    const alarms = new Topic(this, "OperatorAlarms", {
      displayName: "Marketplace operator alarms",
      enforceSSL: true,
      masterKey: Alias.fromAliasName(this, "SnsKey", "alias/aws/sns"),
    });
    const alarmAction = new SnsAction(alarms);
    for (const [name, queues] of [
      ["Webhooks", webhookQueues],
      ["Emails", emailQueues],
      ["Outbox", { deadLetter: outboxDeadLetter }],
    ] as const) {
      new Alarm(this, `${name}DeadLetterAlarm`, {
        alarmDescription: `${name} dead-letter queue has messages: an operator must look and re-drive`,
        metric: queues.deadLetter.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1) }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(alarmAction);
    }
    new Alarm(this, "Api5xxAlarm", {
      alarmDescription: "The API answered 5xx: see the access logs and the function logs by request id",
      metric: api.metricServerError({ period: Duration.minutes(5), statistic: "Sum" }),
      threshold: 5,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(alarmAction);

    // --- Outputs --------------------------------------------------------------------------------
    new CfnOutput(this, "ApiUrl", {
      value: api.apiEndpoint,
      description: "Base URL; v1 at /api/v1, v2 at /api/v2",
    });
    new CfnOutput(this, "ImageCdnUrl", { value: `https://${cdn.distributionDomainName}` });
    new CfnOutput(this, "TableName", { value: table.tableName, description: "TABLE_NAME for the ops CLI" });
    new CfnOutput(this, "MasterSecretArn", {
      value: masterSecret.secretArn,
      description: "MASTER_SECRET_ARN for the ops CLI",
    });
    new CfnOutput(this, "WebhookQueueUrl", { value: webhookQueues.queue.queueUrl });
    new CfnOutput(this, "EmailQueueUrl", { value: emailQueues.queue.queueUrl });
    new CfnOutput(this, "WebhookDeadLetterQueueUrl", {
      value: webhookQueues.deadLetter.queueUrl,
      description: "WEBHOOK_DLQ_URL for ops webhook redrive",
    });
    new CfnOutput(this, "AlarmTopicArn", { value: alarms.topicArn, description: "Subscribe operators here" });

    acknowledgeStackFindings(this, {
      masterSecret,
      paymentCallbackSecret,
      cdn,
      api,
      accessLogs,
      outboxDeadLetter,
    });
  }
}
