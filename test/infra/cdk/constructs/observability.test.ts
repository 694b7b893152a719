import type { Stack } from "aws-cdk-lib";
import { HttpApi } from "aws-cdk-lib/aws-apigatewayv2";
import { LogGroup } from "aws-cdk-lib/aws-logs";
import { Queue } from "aws-cdk-lib/aws-sqs";
import { Construct } from "constructs";
import { describe, expect, it } from "vitest";
import { MarketplaceObservability } from "../../../../infra/cdk/constructs/observability.js";
import { REFUND_DUE_EVENT } from "../../../../shared/payments/refund-due-log.js";
import { bareStack, deployedLogicalResources, ownResources } from "../template-view.js";

/** The API, dead-letter queues and payment logs it watches, built as the stack builds them (same construct ids). */
const watched = (stack: Stack, names: readonly string[]) => ({
  httpApi: new HttpApi(stack, "Api", { createDefaultStage: false }),
  deadLetters: names.map((name) => ({ name, queue: new Queue(stack, `${name}DeadLetter`) })),
  paymentLogs: new LogGroup(new Construct(stack, "Api-payments"), "Logs"),
});

/** Only what the observability construct added: what it watches is built in a second stack and left out. */
const build = (names: readonly string[]) => {
  const stack = bareStack();
  const observability = new MarketplaceObservability(stack, watched(stack, names));
  const dependencies = bareStack();
  watched(dependencies, names);
  return { stack, observability, view: ownResources(stack, dependencies) };
};

const deployedNames = ["Webhooks", "Emails", "Outbox", "Catalogue"];
const topicRef = { Ref: "OperatorAlarms0A66BB52" };

describe("MarketplaceObservability", () => {
  it("owns exactly the operator topic with its policy and one alarm per dead-letter queue plus the API 5xx and refund-due alarms, each under its deployed logical ID", () => {
    const { view } = build(deployedNames);
    expect(view.logicalTypes()).toEqual({
      Api5xxAlarm31F257DC: "AWS::CloudWatch::Alarm",
      CatalogueDeadLetterAlarm2583DF13: "AWS::CloudWatch::Alarm",
      EmailsDeadLetterAlarm34856E8C: "AWS::CloudWatch::Alarm",
      OperatorAlarms0A66BB52: "AWS::SNS::Topic",
      OperatorAlarmsPolicy96894500: "AWS::SNS::TopicPolicy",
      OutboxDeadLetterAlarmA62C0AC5: "AWS::CloudWatch::Alarm",
      PaymentRefundDueAlarm21215841: "AWS::CloudWatch::Alarm",
      PaymentRefundDueMetric9F2937A0: "AWS::Logs::MetricFilter",
      WebhooksDeadLetterAlarmE8B2FCC5: "AWS::CloudWatch::Alarm",
    });
    for (const { logicalId, type } of view.resources) {
      expect(deployedLogicalResources[logicalId], logicalId).toBe(type);
    }
  });

  it("the operator topic is encrypted with the AWS-managed SNS key and accepts publishing over TLS only", () => {
    const { stack, observability, view } = build(deployedNames);
    expect(view.byId("OperatorAlarms0A66BB52").properties).toEqual({
      DisplayName: "Marketplace operator alarms",
      KmsMasterKeyId: {
        "Fn::Join": [
          "",
          [
            "arn:",
            { Ref: "AWS::Partition" },
            ":kms:",
            { Ref: "AWS::Region" },
            ":",
            { Ref: "AWS::AccountId" },
            ":alias/aws/sns",
          ],
        ],
      },
    });
    expect(view.byId("OperatorAlarmsPolicy96894500").properties).toEqual({
      PolicyDocument: {
        Statement: [
          {
            Action: "sns:Publish",
            Condition: { Bool: { "aws:SecureTransport": "false" } },
            Effect: "Deny",
            Principal: "*",
            Resource: topicRef,
            Sid: "AllowPublishThroughSSLOnly",
          },
        ],
        Version: "2012-10-17",
      },
      Topics: [topicRef],
    });
    expect(stack.resolve(observability.alarmTopic.topicArn)).toEqual(topicRef);
  });

  it.each([
    ["Webhooks", "WebhooksDeadLetter2DFAD1BB"],
    ["Emails", "EmailsDeadLetterDA7B4416"],
    ["Outbox", "OutboxDeadLetter52B8AA1E"],
    ["Catalogue", "CatalogueDeadLetterBBD9567B"],
  ])(
    "the %s dead-letter queue alarms the operator topic when its visible messages reach 1 in a 1-minute period (missing data is not breaching)",
    (name, queueId) => {
      const { view } = build(deployedNames);
      expect(view.findOne("AWS::CloudWatch::Alarm", `${name}DeadLetterAlarm`).properties).toEqual({
        AlarmActions: [topicRef],
        AlarmDescription: `${name} dead-letter queue has messages: an operator must look and re-drive`,
        ComparisonOperator: "GreaterThanOrEqualToThreshold",
        Dimensions: [{ Name: "QueueName", Value: { "Fn::GetAtt": [queueId, "QueueName"] } }],
        EvaluationPeriods: 1,
        MetricName: "ApproximateNumberOfMessagesVisible",
        Namespace: "AWS/SQS",
        Period: 60,
        Statistic: "Maximum",
        Threshold: 1,
        TreatMissingData: "notBreaching",
      });
    },
  );

  it("the API alarms the operator topic when it answers 5 or more 5xx in 5 minutes (missing data is not breaching)", () => {
    const { view } = build(deployedNames);
    expect(view.byId("Api5xxAlarm31F257DC").properties).toEqual({
      AlarmActions: [topicRef],
      AlarmDescription: "The API answered 5xx: see the access logs and the function logs by request id",
      ComparisonOperator: "GreaterThanOrEqualToThreshold",
      Dimensions: [{ Name: "ApiId", Value: { Ref: "ApiF70053CD" } }],
      EvaluationPeriods: 1,
      MetricName: "5xx",
      Namespace: "AWS/ApiGateway",
      Period: 300,
      Statistic: "Sum",
      Threshold: 5,
      TreatMissingData: "notBreaching",
    });
  });

  it("counts every payment-callback log line naming the refund-due event in a metric, and alarms the operator topic at 1 in 5 minutes (missing data is not breaching)", () => {
    const { view } = build(deployedNames);
    expect(REFUND_DUE_EVENT).toBe("payment_refund_due");
    expect(view.findOne("AWS::Logs::MetricFilter", "PaymentRefundDueMetric").properties).toEqual({
      FilterPattern: '"payment_refund_due"',
      LogGroupName: { Ref: "ApipaymentsLogs5A2AF62F" },
      MetricTransformations: [
        { MetricName: "PaymentRefundsDue", MetricNamespace: "Marketplace", MetricValue: "1" },
      ],
    });
    expect(view.findOne("AWS::CloudWatch::Alarm", "PaymentRefundDueAlarm").properties).toEqual({
      AlarmActions: [topicRef],
      AlarmDescription:
        "A payment was taken but paid nothing (late, already paid or wrong amount): refund it with `ops payment refunds` and `ops payment refund`",
      ComparisonOperator: "GreaterThanOrEqualToThreshold",
      EvaluationPeriods: 1,
      MetricName: "PaymentRefundsDue",
      Namespace: "Marketplace",
      Period: 300,
      Statistic: "Sum",
      Threshold: 1,
      TreatMissingData: "notBreaching",
    });
  });

  it("alarms on exactly the dead-letter queues it is given: one queue gives one queue alarm besides the 5xx and refund-due alarms", () => {
    const { view } = build(["Only"]);
    expect(
      view
        .ofType("AWS::CloudWatch::Alarm")
        .map((a) => a.logicalId.replace(/[0-9A-F]{8}$/, ""))
        .sort(),
    ).toEqual(["Api5xxAlarm", "OnlyDeadLetterAlarm", "PaymentRefundDueAlarm"]);
  });
});
