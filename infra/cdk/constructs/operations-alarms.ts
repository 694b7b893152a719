import { Duration } from "aws-cdk-lib";
import type { IHttpApi } from "aws-cdk-lib/aws-apigatewayv2";
import {
  Alarm,
  ComparisonOperator,
  type IAlarmAction,
  type IMetric,
  MathExpression,
  TreatMissingData,
} from "aws-cdk-lib/aws-cloudwatch";
import { type ITableV2, Operation } from "aws-cdk-lib/aws-dynamodb";
import type { ILogGroup } from "aws-cdk-lib/aws-logs";
import type { Construct } from "constructs";
import type { MarketplaceFunction } from "../marketplace-function.js";
import type { ServiceMetrics } from "./service-metrics.js";

/**
 * The DynamoDB operations the functions issue (GetCommand is GetItem, TransactWriteCommand is
 * TransactWriteItems, …): the table's throttle alarm sums ThrottledRequests over these, at most ten (an
 * alarm's metric math takes ten metrics). A test holds the list to the commands the code sends.
 */
export const TABLE_OPERATIONS: readonly Operation[] = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
];

/** A function's duration alarm fires when its p99 passes this share of its timeout. */
const DURATION_SHARE_OF_TIMEOUT = 0.8;
/** The webhook failure rate alarm's window, the least attempts it judges, and the rate (%) it fires above. */
const WEBHOOK_WINDOW = Duration.minutes(15);
const WEBHOOK_MINIMUM_ATTEMPTS = 10;
const WEBHOOK_FAILURE_PERCENT = 20;
/** The 4xx spike: the share (%) of answers, over two 5-minute periods of at least this many requests each. */
const CLIENT_ERROR_PERCENT = 25;
const CLIENT_ERROR_MINIMUM_REQUESTS = 100;

/** An alarm that fires at `threshold` or more, with no data counted as fine, wired to the operator topic. */
const atLeast = (
  scope: Construct,
  id: string,
  action: IAlarmAction,
  props: { metric: IMetric; threshold: number; evaluationPeriods?: number; description: string },
): Alarm => {
  const alarm = new Alarm(scope, id, {
    alarmDescription: props.description,
    metric: props.metric,
    threshold: props.threshold,
    evaluationPeriods: props.evaluationPeriods ?? 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  alarm.addAlarmAction(action);
  return alarm;
};

/** An alarm that fires above `threshold`, with no data counted as fine, wired to the operator topic. */
const above = (
  scope: Construct,
  id: string,
  action: IAlarmAction,
  props: { metric: IMetric; threshold: number; evaluationPeriods: number; description: string },
): Alarm => {
  const alarm = new Alarm(scope, id, {
    alarmDescription: props.description,
    metric: props.metric,
    threshold: props.threshold,
    evaluationPeriods: props.evaluationPeriods,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  alarm.addAlarmAction(action);
  return alarm;
};

/** The command that shows a log group's error lines of the last half hour (the logger writes JSON lines). */
const errorLines = (logGroupName: string) =>
  `aws logs tail ${logGroupName} --since 30m --filter-pattern '{ $.level = "ERROR" }'`;

/**
 * A function's three alarms: any error (uncaught exception, timeout, out of memory), any throttle, and a
 * p99 duration above 80% of its timeout for 15 minutes.
 */
export const functionAlarms = (scope: Construct, fn: MarketplaceFunction, action: IAlarmAction): Alarm[] => {
  const name = fn.node.id;
  const timeout = fn.function.timeout;
  if (!timeout) throw new Error(`${name} has no timeout to alarm near`);
  const fiveMinutes = Duration.minutes(5);
  return [
    atLeast(scope, `${name}ErrorsAlarm`, action, {
      metric: fn.function.metricErrors({ period: fiveMinutes, statistic: "Sum" }),
      threshold: 1,
      description: `${name} failed an invocation: an uncaught error, a timeout or running out of memory (refusals are answers, not errors), so a bug or a dependency down. Look at its error lines: ${errorLines(fn.logGroup.logGroupName)} (a timeout logs "Task timed out"), and the dashboard's Functions row. API callers got a 5xx; a queue or stream worker retries the batch, then its dead-letter queue alarms.`,
    }),
    atLeast(scope, `${name}ThrottlesAlarm`, action, {
      metric: fn.function.metricThrottles({ period: fiveMinutes, statistic: "Sum" }),
      threshold: 1,
      description: `Lambda refused to run ${name}: the account's concurrency (shared by every function; a new account may have 10) is used up. API callers got 5xx; queue and stream workers retry. Look at the dashboard's concurrent executions and \`aws lambda get-account-settings\` (AccountLimit.ConcurrentExecutions); raise it with \`aws service-quotas request-service-quota-increase --service-code lambda --quota-code L-B99A9384 --desired-value 1000\`.`,
    }),
    above(scope, `${name}DurationAlarm`, action, {
      metric: fn.function.metricDuration({ period: fiveMinutes, statistic: "p99" }),
      threshold: timeout.toMilliseconds() * DURATION_SHARE_OF_TIMEOUT,
      evaluationPeriods: 3,
      description: `${name}'s p99 duration stayed above 80% of its ${timeout.toSeconds()} s timeout for 15 minutes: calls are close to timing out (a timeout is an error, and a 5xx for an API caller). Look at the dashboard's duration and table throttling, and its slow calls: aws logs tail ${fn.logGroup.logGroupName} --since 30m. Then give it more memory (more CPU) or time in infra/cdk/capacity-plan.ts and \`npx cdk deploy\`.`,
    }),
  ];
};

/**
 * The requests the table throttled, summed over the operations the service issues (a request counts when
 * the table or any of its indexes throttled it). DynamoDB writes the metric only when it is not zero, so
 * each operation is FILLed: metric math does not count a missing point as 0.
 */
export const tableThrottledRequests = (table: ITableV2, period: Duration): MathExpression => {
  const ids = TABLE_OPERATIONS.map((operation) => operation.toLowerCase());
  return new MathExpression({
    expression: ids.map((id) => `FILL(${id}, 0)`).join(" + "),
    usingMetrics: Object.fromEntries(
      TABLE_OPERATIONS.map((operation, i) => [
        ids[i],
        table.metric("ThrottledRequests", {
          dimensionsMap: { TableName: table.tableName, Operation: operation },
          statistic: "Sum",
          period,
        }),
      ]),
    ),
    label: "Throttled requests",
    period,
  });
};

/** Any request the table throttled, in any operation the service issues (the table's and its indexes'). */
export const tableThrottleAlarm = (scope: Construct, table: ITableV2, action: IAlarmAction): Alarm =>
  atLeast(scope, "TableThrottleAlarm", action, {
    metric: tableThrottledRequests(table, Duration.minutes(5)),
    threshold: 1,
    description: `DynamoDB throttled requests to the table (on demand: traffic above twice its previous peak, or one hot partition key or index). The SDK retried them; callers may have got 5xx. Look at the dashboard's Table row (throttled requests by operation, read and write throttle events) and \`aws dynamodb describe-table --table-name ${table.tableName}\`; to name the hot keys, \`aws dynamodb update-contributor-insights --table-name ${table.tableName} --contributor-insights-action ENABLE\` (charged while on).`,
  });

/** Webhook attempts failing at a rate above 20% over 15 minutes, judged only from 10 attempts up. */
export const webhookFailureRateAlarm = (
  scope: Construct,
  action: IAlarmAction,
  metrics: ServiceMetrics,
): Alarm =>
  above(scope, "WebhookFailureRateAlarm", action, {
    metric: metrics.webhookFailurePercent(WEBHOOK_WINDOW, WEBHOOK_MINIMUM_ATTEMPTS),
    threshold: WEBHOOK_FAILURE_PERCENT,
    evaluationPeriods: 1,
    description: `More than ${WEBHOOK_FAILURE_PERCENT}% of webhook attempts failed in 15 minutes (${WEBHOOK_MINIMUM_ATTEMPTS} attempts or more): sellers' receivers are down or refuse, or the sender fails. Look whether it is one seller: \`npm run -s ops -- webhook events <seller_id>\` and \`webhook list <id_order>\` (OPS_TARGET=aws), the WebhookSender's logs and its Errors alarm. Failed jobs retry for 24 hours, then wait in the webhooks dead-letter queue: \`npm run -s ops -- webhook redrive <id_order>\` once the receiver answers.`,
  });

/** 4xx answers above 25% of the API's requests for two 5-minute periods running, from 100 requests each. */
export const apiClientErrorRateAlarm = (
  scope: Construct,
  httpApi: IHttpApi,
  accessLogs: ILogGroup,
  action: IAlarmAction,
): Alarm => {
  const period = Duration.minutes(5);
  return above(scope, "Api4xxRateAlarm", action, {
    metric: new MathExpression({
      expression: `IF(requests >= ${CLIENT_ERROR_MINIMUM_REQUESTS}, 100 * FILL(clientErrors, 0) / requests, 0)`,
      usingMetrics: {
        requests: httpApi.metricCount({ period, statistic: "Sum" }),
        clientErrors: httpApi.metricClientError({ period, statistic: "Sum" }),
      },
      label: "4xx (% of requests)",
      period,
    }),
    threshold: CLIENT_ERROR_PERCENT,
    evaluationPeriods: 2,
    description: `More than ${CLIENT_ERROR_PERCENT}% of API answers were 4xx for 10 minutes (${CLIENT_ERROR_MINIMUM_REQUESTS} requests or more each 5 minutes): a broken client release, expired or revoked credentials, a scan, or throttling (429). Look at the dashboard's 4xx by route and refusals by code, and the access log: aws logs tail ${accessLogs.logGroupName} --since 30m --filter-pattern '{ $.status = "4*" }' (route key, status and IP of each request).`,
  });
};

/** How far behind a stream consumer may fall (its oldest record's age), for two 5-minute periods running. */
const STREAM_LAG = Duration.minutes(1);

/**
 * A table stream consumer falling behind: the age of the newest batch's oldest record at or above a minute
 * for 10 minutes. A consumer that keeps failing a record holds everything behind it (the stream is in
 * order) until its retries end; `lagMeans` says what the sellers and buyers see meanwhile.
 */
export const streamLagAlarm = (
  scope: Construct,
  fn: MarketplaceFunction,
  lagMeans: string,
  action: IAlarmAction,
): Alarm =>
  atLeast(scope, `${fn.node.id}IteratorAgeAlarm`, action, {
    metric: fn.function.metric("IteratorAge", { period: Duration.minutes(5), statistic: "Maximum" }),
    threshold: STREAM_LAG.toMilliseconds(),
    evaluationPeriods: 2,
    description: `${fn.node.id} is a minute or more behind the table's stream for 10 minutes: ${lagMeans}. A record it keeps failing holds the ones behind it until its retries end (then it goes to its dead-letter queue, which alarms). Look at its Errors alarm and error lines: ${errorLines(fn.logGroup.logGroupName)}; a throttle (its Throttles alarm) or a slow table (the Table row) slows it too.`,
  });

/** Payments arriving after their order's 30 minutes: 3 or more in an hour means the provider is late. */
export const latePaymentsAlarm = (scope: Construct, action: IAlarmAction, metrics: ServiceMetrics): Alarm =>
  atLeast(scope, "LatePaymentsAlarm", action, {
    metric: metrics.serviceMetric("latePayments", Duration.hours(1)),
    threshold: 3,
    description:
      "3 or more payments arrived in an hour after their order's 30 minutes had run out: the payment provider's callbacks are late. An order whose stock could still be taken was paid as usual; the rest were recorded for refund (PaymentRefundDueAlarm). Look at the provider's status and `npm run -s ops -- payment refunds --status due` (OPS_TARGET=aws); refund each at the provider, then `npm run -s ops -- payment refund <id_order>`.",
  });
