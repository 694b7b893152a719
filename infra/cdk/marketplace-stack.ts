import { CfnOutput, Stack, type StackProps } from "aws-cdk-lib";
import type { Construct } from "constructs";
import { MarketplaceApi } from "./constructs/api.js";
import { DashboardHosting } from "./constructs/dashboard-hosting.js";
import { MarketplaceData } from "./constructs/data.js";
import { MarketplaceObservability } from "./constructs/observability.js";
import { MarketplaceWorkers } from "./constructs/workers.js";
import { applyTelemetry } from "./function-telemetry.js";
import { acknowledgeStackFindings } from "./nag-acknowledgements.js";
import { type MarketplaceStage, marketplaceStage } from "./stage.js";

export interface MarketplaceStackProps extends StackProps {
  /** Verified SES identity the mailer sends from (an address or a domain). */
  readonly senderIdentity: string;
  /** The stage this stack is (what it retains); the default stage when absent. */
  readonly stage?: MarketplaceStage;
}

/** The whole service: one HTTP API, one Lambda per endpoint group, one table, images, queues, workers. */
export class MarketplaceStack extends Stack {
  readonly stage: MarketplaceStage;

  constructor(scope: Construct, id: string, props: MarketplaceStackProps) {
    super(scope, id, props);
    this.stage = props.stage ?? marketplaceStage();

    // Each concern builds its resources directly in this stack's scope instead of under a Construct node
    // of its own: a logical ID is derived from the construct path, so a node per concern would rename
    // (and on deploy replace) every resource, the retained table and buckets included. Building in the
    // stack keeps every logical ID and construct path as deployed, with no per-resource overrides to
    // maintain; test/infra/cdk/logical-resources.json pins the set.
    const data = new MarketplaceData(this, { stage: this.stage });
    const api = new MarketplaceApi(this, { data });
    const workers = new MarketplaceWorkers(this, {
      data,
      apiUrl: api.url,
      senderIdentity: props.senderIdentity,
    });
    const payments = api.functions.get("payments");
    if (!payments) throw new Error("the payments function is missing from the API");
    const functions = [
      ...api.functions.values(),
      workers.webhookSender,
      workers.mailer,
      workers.outboxForwarder,
      workers.catalogueIndexer,
      workers.maintenance,
    ];
    applyTelemetry(functions, this.stage);
    const observability = new MarketplaceObservability(this, {
      metricNamespace: this.stage.metricNamespace,
      httpApi: api.httpApi,
      accessLogs: api.accessLogs,
      paymentLogs: payments.logGroup,
      table: data.table,
      functions,
      streamConsumers: [
        {
          fn: workers.outboxForwarder,
          lagMeans: "payment webhooks, buyers' e-mails and the events sellers opted into leave late",
        },
        {
          fn: workers.catalogueIndexer,
          lagMeans: "the public catalogue shows products, prices and stock as they were, not as they are",
        },
      ],
      queues: [
        { name: "Webhooks", queue: workers.webhooks.queue },
        { name: "Emails", queue: workers.emails.queue },
      ],
      deadLetters: [
        { name: "Webhooks", queue: workers.webhooks.deadLetter },
        { name: "Emails", queue: workers.emails.deadLetter },
        { name: "Outbox", queue: workers.outboxDeadLetter },
        { name: "Catalogue", queue: workers.catalogueDeadLetter },
      ],
    });

    const dashboard = new DashboardHosting(this, { httpApi: api.httpApi, data });

    new CfnOutput(this, "ApiUrl", { value: api.url, description: "Base URL; v1 at /api/v1, v2 at /api/v2" });
    new CfnOutput(this, "ImageCdnUrl", { value: data.imageBaseUrl });
    new CfnOutput(this, "TableName", {
      value: data.table.tableName,
      description: "TABLE_NAME for the ops CLI",
    });
    new CfnOutput(this, "MasterSecretArn", {
      value: data.masterSecret.secretArn,
      description: "MASTER_SECRET_ARN for the ops CLI",
    });
    new CfnOutput(this, "WebhookQueueUrl", { value: workers.webhooks.queue.queueUrl });
    new CfnOutput(this, "EmailQueueUrl", { value: workers.emails.queue.queueUrl });
    new CfnOutput(this, "WebhookDeadLetterQueueUrl", {
      value: workers.webhooks.deadLetter.queueUrl,
      description: "WEBHOOK_DLQ_URL for ops webhook redrive",
    });
    new CfnOutput(this, "DashboardUrl", {
      value: dashboard.url,
      description: "The seller dashboard; it calls the API under /api/* on the same origin",
    });
    new CfnOutput(this, "AlarmTopicArn", {
      value: observability.alarmTopic.topicArn,
      description: "Subscribe operators here",
    });

    acknowledgeStackFindings(this, {
      masterSecret: data.masterSecret,
      paymentCallbackSecret: data.paymentCallbackSecret,
      cdn: data.cdn,
      api: api.httpApi,
      accessLogs: data.accessLogs,
      outboxDeadLetter: workers.outboxDeadLetter,
      catalogueDeadLetter: workers.catalogueDeadLetter,
      dashboard,
    });
  }
}
