import { Duration, RemovalPolicy, Stack } from "aws-cdk-lib";
import type { IHttpApi } from "aws-cdk-lib/aws-apigatewayv2";
import { Alarm, ComparisonOperator, TreatMissingData } from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import type { ITableV2 } from "aws-cdk-lib/aws-dynamodb";
import { PolicyStatement, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { Key } from "aws-cdk-lib/aws-kms";
import { FilterPattern, type ILogGroup, MetricFilter } from "aws-cdk-lib/aws-logs";
import { Topic } from "aws-cdk-lib/aws-sns";
import type { IQueue } from "aws-cdk-lib/aws-sqs";
import type { Construct } from "constructs";
import { METRIC_NAMESPACE } from "../../../shared/observability/metric-names.js";
import { REFUND_DUE_EVENT } from "../../../shared/payments/refund-due-log.js";
import type { MarketplaceFunction } from "../marketplace-function.js";
import {
  apiClientErrorRateAlarm,
  functionAlarms,
  latePaymentsAlarm,
  streamLagAlarm,
  tableThrottleAlarm,
  webhookFailureRateAlarm,
} from "./operations-alarms.js";
import { type NamedQueue, OperationsDashboard } from "./operations-dashboard.js";
import { serviceMetricsIn } from "./service-metrics.js";

/** The namespace of the service's own metrics (named in shared/observability/metric-names.ts). */
export { METRIC_NAMESPACE };

/** How an operator re-drives each dead-letter queue's messages, by its name, once the cause is fixed. */
const REDRIVE: Readonly<Record<string, string>> = {
  Webhooks:
    "`npm run -s ops -- webhook redrive <id_order>` for a payment webhook, `webhook redrive-event <event_id> --seller <seller_id>` for a seller event (OPS_TARGET=aws)",
  Outbox:
    "each message names the stream records (shard, sequence numbers, time) whose events were not forwarded: re-drive the webhooks of the orders paid then with `npm run -s ops -- webhook redrive <id_order>`",
  Catalogue:
    "each message names the stream records not indexed: `npm run -s ops -- catalogue sync` (OPS_TARGET=aws) brings every product in step again",
};
/** SQS moves a queue-to-queue dead letter's messages back to the queue they came from. */
const moveBack = (queue: IQueue) => `aws sqs start-message-move-task --source-arn ${queue.queueArn}`;

/** A dead-letter queue to alarm on; `name` prefixes the alarm's id (`<name>DeadLetterAlarm`). */
export interface AlarmedDeadLetter {
  readonly name: string;
  readonly queue: IQueue;
}

export interface MarketplaceObservabilityProps {
  /** The API whose 5xx responses and 4xx rate raise alarms. */
  readonly httpApi: IHttpApi;
  /** The API's access log group, which the 4xx alarm's runbook reads. */
  readonly accessLogs: ILogGroup;
  /** Every dead-letter queue; a message in any of them raises an alarm. */
  readonly deadLetters: readonly AlarmedDeadLetter[];
  /** The payment callback's log group: each payment it records as due for refund raises an alarm. */
  readonly paymentLogs: ILogGroup;
  /** Every function of the service: each gets error, throttle and duration alarms and its dashboard lines. */
  readonly functions: readonly MarketplaceFunction[];
  /** The table stream's consumers, each with what its lag means to sellers and buyers: a lag alarm each. */
  readonly streamConsumers: readonly { readonly fn: MarketplaceFunction; readonly lagMeans: string }[];
  /** The table whose throttled requests raise an alarm. */
  readonly table: ITableV2;
  /** The work queues, graphed beside their dead-letter queues. */
  readonly queues: readonly NamedQueue[];
  /** The stage's namespace of the service's own metrics (`MarketplaceStage.metricNamespace`). */
  readonly metricNamespace: string;
}

/**
 * The operator topic's key. A customer-managed one: CloudWatch publishes an alarm to an encrypted topic
 * only if the key's policy lets it use the key, and the AWS-managed `aws/sns` key's policy cannot be
 * changed, so with it every alarm would fail to notify. Only this account's alarms may use it.
 */
const alarmTopicKey = (scope: Construct): Key => {
  const key = new Key(scope, "OperatorAlarmsKey", {
    description: "Encrypts the marketplace operator alarm topic; CloudWatch alarms use it to publish",
    enableKeyRotation: true,
    // Nothing is stored under it: the topic's messages are delivered, not kept.
    removalPolicy: RemovalPolicy.DESTROY,
  });
  const { account, region, partition } = Stack.of(scope);
  key.addToResourcePolicy(
    new PolicyStatement({
      sid: "CloudWatchAlarmsPublish",
      principals: [new ServicePrincipal("cloudwatch.amazonaws.com")],
      actions: ["kms:Decrypt", "kms:GenerateDataKey*"],
      resources: ["*"],
      conditions: {
        StringEquals: { "aws:SourceAccount": account },
        ArnLike: { "aws:SourceArn": `arn:${partition}:cloudwatch:${region}:${account}:alarm:*` },
      },
    }),
  );
  return key;
};

/**
 * The operator SNS topic, every alarm to it, each with its runbook in its description (dead letters, API
 * 5xx and 4xx rate, refunds due and late payments, each function's errors, throttles and duration, table
 * throttling, webhook failure rate), and the operations dashboard.
 */
export class MarketplaceObservability {
  readonly alarmTopic: Topic;
  /** Every alarm, in the order built. */
  readonly alarms: readonly Alarm[];
  readonly dashboard: OperationsDashboard;

  constructor(scope: Construct, props: MarketplaceObservabilityProps) {
    this.alarmTopic = new Topic(scope, "OperatorAlarms", {
      displayName: "Marketplace operator alarms",
      enforceSSL: true,
      masterKey: alarmTopicKey(scope),
    });
    const alarmAction = new SnsAction(this.alarmTopic);
    const alarms: Alarm[] = [];
    for (const { name, queue } of props.deadLetters) {
      const deadLetterAlarm = new Alarm(scope, `${name}DeadLetterAlarm`, {
        alarmDescription: `${name} dead-letter queue has messages: work that failed every retry waits there (14 days). Look at the consumer's Errors alarm and logs, and read them: aws sqs receive-message --queue-url ${queue.queueUrl} --max-number-of-messages 10 --visibility-timeout 0. Once the cause is fixed, re-drive: ${REDRIVE[name] ?? moveBack(queue)}.`,
        metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1) }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      deadLetterAlarm.addAlarmAction(alarmAction);
      alarms.push(deadLetterAlarm);
    }
    const serverErrors = new Alarm(scope, "Api5xxAlarm", {
      alarmDescription: `The API answered 5 or more 5xx in 5 minutes: a function failed or timed out (its Errors alarm names it) or could not be invoked. Look at the dashboard's 5xx by route and the access log: aws logs tail ${props.accessLogs.logGroupName} --since 30m --filter-pattern '{ $.status = "5*" }'; each line's requestId is the one the client saw, to find in the function's logs.`,
      metric: props.httpApi.metricServerError({ period: Duration.minutes(5), statistic: "Sum" }),
      threshold: 5,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    serverErrors.addAlarmAction(alarmAction);
    alarms.push(serverErrors);
    // The event name as a plain term: it matches the logger's line however Lambda's log format carries it
    // (as it is in the text format; as a string or an object in the JSON one).
    const refundsDue = new MetricFilter(scope, "PaymentRefundDueMetric", {
      logGroup: props.paymentLogs,
      filterPattern: FilterPattern.anyTerm(REFUND_DUE_EVENT),
      metricNamespace: props.metricNamespace,
      metricName: "PaymentRefundsDue",
      metricValue: "1",
    });
    const refundDue = new Alarm(scope, "PaymentRefundDueAlarm", {
      alarmDescription:
        "A payment was taken but paid nothing (late without stock, already paid or wrong amount). List them with `npm run -s ops -- payment refunds --status due` (OPS_TARGET=aws), give the money back at the provider, then record it with `npm run -s ops -- payment refund <id_order>`.",
      metric: refundsDue.metric({ period: Duration.minutes(5), statistic: "Sum" }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    refundDue.addAlarmAction(alarmAction);
    const metrics = serviceMetricsIn(props.metricNamespace);
    alarms.push(refundDue, latePaymentsAlarm(scope, alarmAction, metrics));
    alarms.push(apiClientErrorRateAlarm(scope, props.httpApi, props.accessLogs, alarmAction));
    alarms.push(webhookFailureRateAlarm(scope, alarmAction, metrics));
    alarms.push(tableThrottleAlarm(scope, props.table, alarmAction));
    for (const fn of props.functions) alarms.push(...functionAlarms(scope, fn, alarmAction));
    for (const { fn, lagMeans } of props.streamConsumers)
      alarms.push(streamLagAlarm(scope, fn, lagMeans, alarmAction));
    this.alarms = alarms;

    this.dashboard = new OperationsDashboard(scope, {
      httpApi: props.httpApi,
      functions: props.functions,
      table: props.table,
      queues: props.queues,
      deadLetters: props.deadLetters,
      refundsDue: refundsDue.metric({ period: Duration.minutes(5), statistic: "Sum", label: "Refunds due" }),
      alarms,
      metrics,
    });
  }
}
