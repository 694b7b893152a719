import { Duration } from "aws-cdk-lib";
import type { IHttpApi } from "aws-cdk-lib/aws-apigatewayv2";
import { Alarm, ComparisonOperator, TreatMissingData } from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import { Alias } from "aws-cdk-lib/aws-kms";
import { FilterPattern, type ILogGroup, MetricFilter } from "aws-cdk-lib/aws-logs";
import { Topic } from "aws-cdk-lib/aws-sns";
import type { IQueue } from "aws-cdk-lib/aws-sqs";
import type { Construct } from "constructs";
import { REFUND_DUE_EVENT } from "../../../shared/payments/refund-due-log.js";

/** The custom metric namespace of the service's own counts (from its logs). */
export const METRIC_NAMESPACE = "Marketplace";

/** A dead-letter queue to alarm on; `name` prefixes the alarm's id (`<name>DeadLetterAlarm`). */
export interface AlarmedDeadLetter {
  readonly name: string;
  readonly queue: IQueue;
}

export interface MarketplaceObservabilityProps {
  /** The API whose 5xx responses raise an alarm. */
  readonly httpApi: IHttpApi;
  /** Every dead-letter queue; a message in any of them raises an alarm. */
  readonly deadLetters: readonly AlarmedDeadLetter[];
  /** The payment callback's log group: each payment it records as due for refund raises an alarm. */
  readonly paymentLogs: ILogGroup;
}

/**
 * The operator SNS topic and its alarms: any message in a dead-letter queue, API 5xx responses, any
 * payment taken that paid nothing and waits for its refund.
 */
export class MarketplaceObservability {
  readonly alarmTopic: Topic;

  constructor(scope: Construct, props: MarketplaceObservabilityProps) {
    this.alarmTopic = new Topic(scope, "OperatorAlarms", {
      displayName: "Marketplace operator alarms",
      enforceSSL: true,
      masterKey: Alias.fromAliasName(scope, "SnsKey", "alias/aws/sns"),
    });
    const alarmAction = new SnsAction(this.alarmTopic);
    for (const { name, queue } of props.deadLetters) {
      new Alarm(scope, `${name}DeadLetterAlarm`, {
        alarmDescription: `${name} dead-letter queue has messages: an operator must look and re-drive`,
        metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1) }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(alarmAction);
    }
    new Alarm(scope, "Api5xxAlarm", {
      alarmDescription: "The API answered 5xx: see the access logs and the function logs by request id",
      metric: props.httpApi.metricServerError({ period: Duration.minutes(5), statistic: "Sum" }),
      threshold: 5,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(alarmAction);
    // The event name as a plain term: it matches the line whether Lambda's JSON log format keeps our
    // JSON line as a string inside its own `message` or as an object.
    const refundsDue = new MetricFilter(scope, "PaymentRefundDueMetric", {
      logGroup: props.paymentLogs,
      filterPattern: FilterPattern.anyTerm(REFUND_DUE_EVENT),
      metricNamespace: METRIC_NAMESPACE,
      metricName: "PaymentRefundsDue",
      metricValue: "1",
    });
    new Alarm(scope, "PaymentRefundDueAlarm", {
      alarmDescription:
        "A payment was taken but paid nothing (late, already paid or wrong amount): refund it with `ops payment refunds` and `ops payment refund`",
      metric: refundsDue.metric({ period: Duration.minutes(5), statistic: "Sum" }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(alarmAction);
  }
}
