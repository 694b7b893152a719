import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Duration, type Stack } from "aws-cdk-lib";
import { HttpApi } from "aws-cdk-lib/aws-apigatewayv2";
import { AttributeType, TableV2 } from "aws-cdk-lib/aws-dynamodb";
import { LogGroup } from "aws-cdk-lib/aws-logs";
import { Queue } from "aws-cdk-lib/aws-sqs";
import { Construct } from "constructs";
import { describe, expect, it } from "vitest";
import { MarketplaceObservability } from "../../../../infra/cdk/constructs/observability.js";
import { TABLE_OPERATIONS } from "../../../../infra/cdk/constructs/operations-alarms.js";
import { serviceMetricsIn } from "../../../../infra/cdk/constructs/service-metrics.js";
import { MarketplaceFunction } from "../../../../infra/cdk/marketplace-function.js";
import { REFUND_DUE_EVENT } from "../../../../shared/payments/refund-due-log.js";
import {
  asArray,
  asJson,
  bareStack,
  deployedLogicalResources,
  type Json,
  ownResources,
  type TemplateView,
} from "../template-view.js";

/** Functions as the stack builds them (construct id, entry, timeout in seconds): a short and a long timeout. */
const deployedFunctions = [
  ["Api-v1-auth", "functions/v1-auth/handler.ts", 10],
  ["Api-v1-key-stock", "functions/v1-key-stock/handler.ts", 29],
  ["WebhookSender", "functions/webhooks/handler.ts", 30],
  ["Maintenance", "functions/maintenance/handler.ts", 60],
] as const;
type FunctionSpec = readonly [id: string, entry: string, seconds: number];

/** What each stream consumer's lag alarm says the lag means (the stack says it in its own words). */
const lagMeans = (id: string) => `${id}'s consumers wait`;

/** Everything it watches, built as the stack builds it (same construct ids, so the same logical ids). */
const watched = (stack: Stack, names: readonly string[], functions: readonly FunctionSpec[]) => {
  const built = functions.map(
    ([id, entry, seconds]) =>
      new MarketplaceFunction(stack, id, {
        entry,
        description: id,
        environment: {},
        memorySize: 256,
        timeout: Duration.seconds(seconds),
      }),
  );
  return {
    httpApi: new HttpApi(stack, "Api", { createDefaultStage: false }),
    accessLogs: new LogGroup(stack, "ApiAccessLogs"),
    deadLetters: names.map((name) => ({ name, queue: new Queue(stack, `${name}DeadLetter`) })),
    paymentLogs: new LogGroup(new Construct(stack, "Api-payments"), "Logs"),
    table: new TableV2(stack, "Table", { partitionKey: { name: "PK", type: AttributeType.STRING } }),
    functions: built,
    streamConsumers: built
      .filter((fn) => ["OutboxForwarder", "CatalogueIndexer"].includes(fn.node.id))
      .map((fn) => ({ fn, lagMeans: lagMeans(fn.node.id) })),
    queues: [
      { name: "Webhooks", queue: new Queue(stack, "WebhooksQueue") },
      { name: "Emails", queue: new Queue(stack, "EmailsQueue") },
    ],
    metricNamespace: "Marketplace",
  };
};

/** Only what the observability construct added: what it watches is built in a second stack and left out. */
const build = (names: readonly string[], functions: readonly FunctionSpec[] = deployedFunctions) => {
  const stack = bareStack();
  const observability = new MarketplaceObservability(stack, watched(stack, names, functions));
  const dependencies = bareStack();
  watched(dependencies, names, functions);
  return { stack, observability, view: ownResources(stack, dependencies), all: ownResources(stack) };
};

const deployedNames = ["Webhooks", "Emails", "Outbox", "Catalogue"];
let deployedBuild: ReturnType<typeof build> | undefined;
/** The construct as the stack builds it, synthesized once for the tests that only read it. */
const deployed = (): ReturnType<typeof build> => {
  deployedBuild ??= build(deployedNames);
  return deployedBuild;
};
const topicRef = { Ref: "OperatorAlarms0A66BB52" };
const apiRef = { Ref: "ApiF70053CD" };
const tableRef = { Ref: "TableCD117FA1" };
const accessLogsRef = { Ref: "ApiAccessLogsE9DF007D" };

/** A string alarm description with tokens, as CloudFormation joins it. */
const joined = (...parts: unknown[]) => ({ "Fn::Join": ["", parts] });

/** A metric of an alarm's `Metrics` (metric math), hidden from the result. */
const metricStat = (id: string, namespace: string, name: string, dimensions: Json[], period: number) => ({
  Id: id,
  MetricStat: {
    Metric: { Dimensions: dimensions, MetricName: name, Namespace: namespace },
    Period: period,
    Stat: "Sum",
  },
  ReturnData: false,
});
const service = { Name: "service", Value: "marketplace" };

/** The dashboard's body: its Fn::Join with each token written `<LogicalId>` or `<LogicalId.Attribute>`. */
const dashboardBody = (view: TemplateView): Json => {
  const dashboard = view.findOne("AWS::CloudWatch::Dashboard", "OperationsDashboard");
  const join = asArray(asJson(dashboard.properties.DashboardBody, "DashboardBody")["Fn::Join"], "Fn::Join");
  const text = asArray(join[1], "Fn::Join parts")
    .map((part) => {
      if (typeof part === "string") return part;
      const token = asJson(part, "token");
      if (typeof token.Ref === "string") return `<${token.Ref}>`;
      return `<${asArray(token["Fn::GetAtt"], "Fn::GetAtt").join(".")}>`;
    })
    .join("");
  return asJson(JSON.parse(text), "dashboard body");
};

/** Per widget, its title (or text) and each metric line as `namespace metric dimensions…` or its expression. */
const widgetsOf = (body: Json) =>
  asArray(body.widgets, "widgets").map((w) => {
    const properties = asJson(asJson(w, "widget").properties, "properties");
    const lines = asArray(properties.metrics ?? [], "metrics").map((line) => {
      const items = asArray(line, "metric line");
      const options = asJson(items.at(-1), "metric options");
      if (typeof options.expression === "string") return options.expression;
      const shown = items.slice(0, -1).join(" ");
      return options.visible === false ? `(hidden) ${shown}` : shown;
    });
    return { title: properties.title ?? properties.markdown, lines };
  });

describe("MarketplaceObservability", () => {
  it("owns exactly the operator topic with its key and policy, one alarm per dead-letter queue, the API 5xx and 4xx-rate, refund-due, late-payment, webhook failure rate and table throttle alarms, three alarms per function and the dashboard, each under its deployed logical ID", () => {
    const { view } = deployed();
    expect(view.logicalTypes()).toEqual({
      Api4xxRateAlarmDF9D1E6A: "AWS::CloudWatch::Alarm",
      Api5xxAlarm31F257DC: "AWS::CloudWatch::Alarm",
      Apiv1authDurationAlarm63DADBC2: "AWS::CloudWatch::Alarm",
      Apiv1authErrorsAlarm680BDB7F: "AWS::CloudWatch::Alarm",
      Apiv1authThrottlesAlarmFA76596A: "AWS::CloudWatch::Alarm",
      Apiv1keystockDurationAlarmB1B51AB8: "AWS::CloudWatch::Alarm",
      Apiv1keystockErrorsAlarmEF9BDCE5: "AWS::CloudWatch::Alarm",
      Apiv1keystockThrottlesAlarmEB30DD21: "AWS::CloudWatch::Alarm",
      CatalogueDeadLetterAlarm2583DF13: "AWS::CloudWatch::Alarm",
      EmailsDeadLetterAlarm34856E8C: "AWS::CloudWatch::Alarm",
      LatePaymentsAlarm9F683997: "AWS::CloudWatch::Alarm",
      MaintenanceDurationAlarmF9EDD15D: "AWS::CloudWatch::Alarm",
      MaintenanceErrorsAlarm9A002252: "AWS::CloudWatch::Alarm",
      MaintenanceThrottlesAlarmDFA3C393: "AWS::CloudWatch::Alarm",
      OperatorAlarmsKeyF7E696C8: "AWS::KMS::Key",
      OperationsDashboard06307C07: "AWS::CloudWatch::Dashboard",
      OperatorAlarms0A66BB52: "AWS::SNS::Topic",
      OperatorAlarmsPolicy96894500: "AWS::SNS::TopicPolicy",
      OutboxDeadLetterAlarmA62C0AC5: "AWS::CloudWatch::Alarm",
      PaymentRefundDueAlarm21215841: "AWS::CloudWatch::Alarm",
      PaymentRefundDueMetric9F2937A0: "AWS::Logs::MetricFilter",
      TableThrottleAlarm606592BC: "AWS::CloudWatch::Alarm",
      WebhookFailureRateAlarmDD7094C6: "AWS::CloudWatch::Alarm",
      WebhookSenderDurationAlarm79F5A154: "AWS::CloudWatch::Alarm",
      WebhookSenderErrorsAlarm98D2C5AE: "AWS::CloudWatch::Alarm",
      WebhookSenderThrottlesAlarm1E5345BB: "AWS::CloudWatch::Alarm",
      WebhooksDeadLetterAlarmE8B2FCC5: "AWS::CloudWatch::Alarm",
    });
    for (const { logicalId, type } of view.resources) {
      expect(deployedLogicalResources[logicalId], logicalId).toBe(type);
    }
  });

  it("the operator topic is encrypted with its own rotated key, which only this account's CloudWatch alarms may use to publish, and accepts publishing over TLS only", () => {
    const { stack, observability, view } = deployed();
    expect(view.byId("OperatorAlarms0A66BB52").properties).toEqual({
      DisplayName: "Marketplace operator alarms",
      KmsMasterKeyId: { "Fn::GetAtt": ["OperatorAlarmsKeyF7E696C8", "Arn"] },
    });
    const key = view.byId("OperatorAlarmsKeyF7E696C8");
    expect(key.properties.EnableKeyRotation).toBe(true);
    const statements = (key.properties.KeyPolicy as { Statement: Record<string, unknown>[] }).Statement;
    expect(statements.find((statement) => statement.Sid === "CloudWatchAlarmsPublish")).toEqual({
      Sid: "CloudWatchAlarmsPublish",
      Action: ["kms:Decrypt", "kms:GenerateDataKey*"],
      Effect: "Allow",
      Principal: { Service: "cloudwatch.amazonaws.com" },
      Resource: "*",
      Condition: {
        StringEquals: { "aws:SourceAccount": { Ref: "AWS::AccountId" } },
        ArnLike: {
          "aws:SourceArn": {
            "Fn::Join": [
              "",
              [
                "arn:",
                { Ref: "AWS::Partition" },
                ":cloudwatch:",
                { Ref: "AWS::Region" },
                ":",
                { Ref: "AWS::AccountId" },
                ":alarm:*",
              ],
            ],
          },
        },
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
    [
      "Webhooks",
      "WebhooksDeadLetter2DFAD1BB",
      "`npm run -s ops -- webhook redrive <id_order>` for a payment webhook, `webhook redrive-event <event_id> --seller <seller_id>` for a seller event (OPS_TARGET=aws)",
    ],
    ["Emails", "EmailsDeadLetterDA7B4416", undefined],
    [
      "Outbox",
      "OutboxDeadLetter52B8AA1E",
      "each message names the stream records (shard, sequence numbers, time) whose events were not forwarded: re-drive the webhooks of the orders paid then with `npm run -s ops -- webhook redrive <id_order>`",
    ],
    [
      "Catalogue",
      "CatalogueDeadLetterBBD9567B",
      "each message names the stream records not indexed: `npm run -s ops -- catalogue sync` (OPS_TARGET=aws) brings every product in step again",
    ],
  ])(
    "the %s dead-letter queue alarms the operator topic when its visible messages reach 1 in a 1-minute period (missing data is not breaching), its runbook naming the queue and how to re-drive it",
    (name, queueId, redrive) => {
      const { view } = deployed();
      expect(view.findOne("AWS::CloudWatch::Alarm", `${name}DeadLetterAlarm`).properties).toEqual({
        AlarmActions: [topicRef],
        AlarmDescription: joined(
          `${name} dead-letter queue has messages: work that failed every retry waits there (14 days). Look at the consumer's Errors alarm and logs, and read them: aws sqs receive-message --queue-url `,
          { Ref: queueId },
          ...(redrive
            ? [
                ` --max-number-of-messages 10 --visibility-timeout 0. Once the cause is fixed, re-drive: ${redrive}.`,
              ]
            : [
                " --max-number-of-messages 10 --visibility-timeout 0. Once the cause is fixed, re-drive: aws sqs start-message-move-task --source-arn ",
                { "Fn::GetAtt": [queueId, "Arn"] },
                ".",
              ]),
        ),
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

  it("the API alarms the operator topic when it answers 5 or more 5xx in 5 minutes (missing data is not breaching), its runbook reading the access log", () => {
    const { view } = deployed();
    expect(view.byId("Api5xxAlarm31F257DC").properties).toEqual({
      AlarmActions: [topicRef],
      AlarmDescription: joined(
        "The API answered 5 or more 5xx in 5 minutes: a function failed or timed out (its Errors alarm names it) or could not be invoked. Look at the dashboard's 5xx by route and the access log: aws logs tail ",
        accessLogsRef,
        ` --since 30m --filter-pattern '{ $.status = "5*" }'; each line's requestId is the one the client saw, to find in the function's logs.`,
      ),
      ComparisonOperator: "GreaterThanOrEqualToThreshold",
      Dimensions: [{ Name: "ApiId", Value: apiRef }],
      EvaluationPeriods: 1,
      MetricName: "5xx",
      Namespace: "AWS/ApiGateway",
      Period: 300,
      Statistic: "Sum",
      Threshold: 5,
      TreatMissingData: "notBreaching",
    });
  });

  it("the API alarms the operator topic when 4xx answers pass 25% of its requests for two 5-minute periods running, judged only from 100 requests a period (missing data is not breaching)", () => {
    const { view } = deployed();
    const apiDimension = [{ Name: "ApiId", Value: apiRef }];
    expect(view.byId("Api4xxRateAlarmDF9D1E6A").properties).toEqual({
      AlarmActions: [topicRef],
      AlarmDescription: joined(
        "More than 25% of API answers were 4xx for 10 minutes (100 requests or more each 5 minutes): a broken client release, expired or revoked credentials, a scan, or throttling (429). Look at the dashboard's 4xx by route and refusals by code, and the access log: aws logs tail ",
        accessLogsRef,
        ` --since 30m --filter-pattern '{ $.status = "4*" }' (route key, status and IP of each request).`,
      ),
      ComparisonOperator: "GreaterThanThreshold",
      EvaluationPeriods: 2,
      Metrics: [
        {
          Expression: "IF(requests >= 100, 100 * FILL(clientErrors, 0) / requests, 0)",
          Id: "expr_1",
          Label: "4xx (% of requests)",
          ReturnData: true,
        },
        metricStat("requests", "AWS/ApiGateway", "Count", apiDimension, 300),
        metricStat("clientErrors", "AWS/ApiGateway", "4xx", apiDimension, 300),
      ],
      Threshold: 25,
      TreatMissingData: "notBreaching",
    });
  });

  it("counts every payment-callback log line naming the refund-due event in a metric, and alarms the operator topic at 1 in 5 minutes (missing data is not breaching)", () => {
    const { view } = deployed();
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
        "A payment was taken but paid nothing (late without stock, already paid or wrong amount). List them with `npm run -s ops -- payment refunds --status due` (OPS_TARGET=aws), give the money back at the provider, then record it with `npm run -s ops -- payment refund <id_order>`.",
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

  it("alarms the operator topic at 3 or more late payments (the service's LatePayments, dimension service=marketplace) in an hour (missing data is not breaching)", () => {
    const { view } = deployed();
    expect(view.byId("LatePaymentsAlarm9F683997").properties).toEqual({
      AlarmActions: [topicRef],
      AlarmDescription:
        "3 or more payments arrived in an hour after their order's 30 minutes had run out: the payment provider's callbacks are late. An order whose stock could still be taken was paid as usual; the rest were recorded for refund (PaymentRefundDueAlarm). Look at the provider's status and `npm run -s ops -- payment refunds --status due` (OPS_TARGET=aws); refund each at the provider, then `npm run -s ops -- payment refund <id_order>`.",
      ComparisonOperator: "GreaterThanOrEqualToThreshold",
      Dimensions: [service],
      EvaluationPeriods: 1,
      MetricName: "LatePayments",
      Namespace: "Marketplace",
      Period: 3600,
      Statistic: "Sum",
      Threshold: 3,
      TreatMissingData: "notBreaching",
    });
  });

  it("alarms the operator topic when more than 20% of webhook attempts failed over 15 minutes, judged only from 10 attempts (a period without failures counts 0; missing data is not breaching)", () => {
    const { view } = deployed();
    expect(view.byId("WebhookFailureRateAlarmDD7094C6").properties).toEqual({
      AlarmActions: [topicRef],
      AlarmDescription:
        "More than 20% of webhook attempts failed in 15 minutes (10 attempts or more): sellers' receivers are down or refuse, or the sender fails. Look whether it is one seller: `npm run -s ops -- webhook events <seller_id>` and `webhook list <id_order>` (OPS_TARGET=aws), the WebhookSender's logs and its Errors alarm. Failed jobs retry for 24 hours, then wait in the webhooks dead-letter queue: `npm run -s ops -- webhook redrive <id_order>` once the receiver answers.",
      ComparisonOperator: "GreaterThanThreshold",
      EvaluationPeriods: 1,
      Metrics: [
        {
          Expression: "IF(attempts >= 10, 100 * FILL(failures, 0) / attempts, 0)",
          Id: "expr_1",
          Label: "Webhook failures (%)",
          ReturnData: true,
        },
        metricStat("attempts", "Marketplace", "WebhookAttempts", [service], 900),
        metricStat("failures", "Marketplace", "WebhookFailures", [service], 900),
      ],
      Threshold: 20,
      TreatMissingData: "notBreaching",
    });
  });

  it("alarms the operator topic at 1 request the table throttled in 5 minutes, summed over every operation the service issues, each FILLed so one without throttles does not void the sum (missing data is not breaching)", () => {
    const { view } = deployed();
    const operations = [
      "GetItem",
      "BatchGetItem",
      "Query",
      "PutItem",
      "UpdateItem",
      "DeleteItem",
      "TransactWriteItems",
    ];
    const ids = operations.map((operation) => operation.toLowerCase());
    expect(view.byId("TableThrottleAlarm606592BC").properties).toEqual({
      AlarmActions: [topicRef],
      AlarmDescription: joined(
        "DynamoDB throttled requests to the table (on demand: traffic above twice its previous peak, or one hot partition key or index). The SDK retried them; callers may have got 5xx. Look at the dashboard's Table row (throttled requests by operation, read and write throttle events) and `aws dynamodb describe-table --table-name ",
        tableRef,
        "`; to name the hot keys, `aws dynamodb update-contributor-insights --table-name ",
        tableRef,
        " --contributor-insights-action ENABLE` (charged while on).",
      ),
      ComparisonOperator: "GreaterThanOrEqualToThreshold",
      EvaluationPeriods: 1,
      Metrics: [
        {
          Expression: ids.map((id) => `FILL(${id}, 0)`).join(" + "),
          Id: "expr_1",
          Label: "Throttled requests",
          ReturnData: true,
        },
        ...operations.map((operation, i) => ({
          ...metricStat(
            ids[i] ?? "",
            "AWS/DynamoDB",
            "ThrottledRequests",
            [
              { Name: "Operation", Value: operation },
              { Name: "TableName", Value: tableRef },
            ],
            300,
          ),
        })),
      ],
      Threshold: 1,
      TreatMissingData: "notBreaching",
    });
  });

  it("the table throttle alarm sums every DynamoDB command the functions send (read from the sources: lib-dynamodb's XCommand is operation XItem/XItems)", () => {
    const operationOf: Readonly<Record<string, string>> = {
      GetCommand: "GetItem",
      BatchGetCommand: "BatchGetItem",
      QueryCommand: "Query",
      ScanCommand: "Scan",
      PutCommand: "PutItem",
      UpdateCommand: "UpdateItem",
      DeleteCommand: "DeleteItem",
      BatchWriteCommand: "BatchWriteItem",
      TransactWriteCommand: "TransactWriteItems",
      TransactGetCommand: "TransactGetItems",
    };
    const sources = ["shared", "functions"].flatMap((root) =>
      readdirSync(root, { recursive: true, encoding: "utf8" })
        .filter((file) => file.endsWith(".ts"))
        .map((file) => readFileSync(join(root, file), "utf8")),
    );
    const sent = new Set<string>();
    for (const source of sources) {
      for (const [, names = ""] of source.matchAll(
        /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"@aws-sdk\/(?:lib|client)-dynamodb"/g,
      )) {
        for (const name of names.split(",").map((n) => n.trim().replace(/^type\s+/, ""))) {
          if (name.endsWith("Command")) sent.add(operationOf[name] ?? `unknown ${name}`);
        }
      }
    }
    expect([...sent].sort()).toEqual([...TABLE_OPERATIONS].sort());
  });

  it("alarms the operator topic when a stream consumer is a minute or more behind the table's stream for two 5-minute periods (its maximum iterator age; missing data is not breaching), its runbook saying what the lag means", () => {
    const { view, all } = build(["Outbox"], [["OutboxForwarder", "functions/outbox/handler.ts", 60]]);
    expect(view.byId("OutboxForwarderIteratorAgeAlarm59CF89C6").properties).toEqual({
      AlarmActions: [topicRef],
      AlarmDescription: joined(
        `OutboxForwarder is a minute or more behind the table's stream for 10 minutes: ${"OutboxForwarder's consumers wait"}. A record it keeps failing holds the ones behind it until its retries end (then it goes to its dead-letter queue, which alarms). Look at its Errors alarm and error lines: aws logs tail `,
        { Ref: all.findOne("AWS::Logs::LogGroup", "OutboxForwarderLogs").logicalId },
        ` --since 30m --filter-pattern '{ $.level = "ERROR" }'; a throttle (its Throttles alarm) or a slow table (the Table row) slows it too.`,
      ),
      ComparisonOperator: "GreaterThanOrEqualToThreshold",
      Dimensions: [
        {
          Name: "FunctionName",
          Value: { Ref: all.findOne("AWS::Lambda::Function", "OutboxForwarderFunction").logicalId },
        },
      ],
      EvaluationPeriods: 2,
      MetricName: "IteratorAge",
      Namespace: "AWS/Lambda",
      Period: 300,
      Statistic: "Maximum",
      Threshold: 60_000,
      TreatMissingData: "notBreaching",
    });
  });

  describe.each(deployedFunctions.map(([id, , seconds]) => [id, id.replaceAll("-", ""), seconds] as const))(
    "the function %s",
    (id, logicalPrefix, seconds) => {
      /** The function's and its log group's references, found among everything the stack holds. */
      const functionRef = (all: TemplateView) => ({
        Ref: all.findOne("AWS::Lambda::Function", `${logicalPrefix}Function`).logicalId,
      });
      const logsRef = (all: TemplateView) => ({
        Ref: all.findOne("AWS::Logs::LogGroup", `${logicalPrefix}Logs`).logicalId,
      });

      it("alarms the operator topic on 1 error in 5 minutes (missing data is not breaching), its runbook reading its own log group's error lines", () => {
        const { view, all } = deployed();
        expect(view.findOne("AWS::CloudWatch::Alarm", `${logicalPrefix}ErrorsAlarm`).properties).toEqual({
          AlarmActions: [topicRef],
          AlarmDescription: joined(
            `${id} failed an invocation: an uncaught error, a timeout or running out of memory (refusals are answers, not errors), so a bug or a dependency down. Look at its error lines: aws logs tail `,
            logsRef(all),
            ` --since 30m --filter-pattern '{ $.level = "ERROR" }' (a timeout logs "Task timed out"), and the dashboard's Functions row. API callers got a 5xx; a queue or stream worker retries the batch, then its dead-letter queue alarms.`,
          ),
          ComparisonOperator: "GreaterThanOrEqualToThreshold",
          Dimensions: [{ Name: "FunctionName", Value: functionRef(all) }],
          EvaluationPeriods: 1,
          MetricName: "Errors",
          Namespace: "AWS/Lambda",
          Period: 300,
          Statistic: "Sum",
          Threshold: 1,
          TreatMissingData: "notBreaching",
        });
      });

      it("alarms the operator topic on 1 throttle in 5 minutes (missing data is not breaching), its runbook raising the account's concurrency", () => {
        const { view, all } = deployed();
        expect(view.findOne("AWS::CloudWatch::Alarm", `${logicalPrefix}ThrottlesAlarm`).properties).toEqual({
          AlarmActions: [topicRef],
          AlarmDescription: `Lambda refused to run ${id}: the account's concurrency (shared by every function; a new account may have 10) is used up. API callers got 5xx; queue and stream workers retry. Look at the dashboard's concurrent executions and \`aws lambda get-account-settings\` (AccountLimit.ConcurrentExecutions); raise it with \`aws service-quotas request-service-quota-increase --service-code lambda --quota-code L-B99A9384 --desired-value 1000\`.`,
          ComparisonOperator: "GreaterThanOrEqualToThreshold",
          Dimensions: [{ Name: "FunctionName", Value: functionRef(all) }],
          EvaluationPeriods: 1,
          MetricName: "Throttles",
          Namespace: "AWS/Lambda",
          Period: 300,
          Statistic: "Sum",
          Threshold: 1,
          TreatMissingData: "notBreaching",
        });
      });

      it(`alarms the operator topic when its p99 duration stays above 80% of its ${seconds} s timeout for three 5-minute periods (missing data is not breaching)`, () => {
        const { view, all } = deployed();
        expect(view.findOne("AWS::CloudWatch::Alarm", `${logicalPrefix}DurationAlarm`).properties).toEqual({
          AlarmActions: [topicRef],
          AlarmDescription: joined(
            `${id}'s p99 duration stayed above 80% of its ${seconds} s timeout for 15 minutes: calls are close to timing out (a timeout is an error, and a 5xx for an API caller). Look at the dashboard's duration and table throttling, and its slow calls: aws logs tail `,
            logsRef(all),
            " --since 30m. Then give it more memory (more CPU) or time in infra/cdk/capacity-plan.ts and `npx cdk deploy`.",
          ),
          ComparisonOperator: "GreaterThanThreshold",
          Dimensions: [{ Name: "FunctionName", Value: functionRef(all) }],
          EvaluationPeriods: 3,
          ExtendedStatistic: "p99",
          MetricName: "Duration",
          Namespace: "AWS/Lambda",
          Period: 300,
          Threshold: seconds * 1000 * 0.8,
          TreatMissingData: "notBreaching",
        });
      });
    },
  );

  it("alarms on exactly the dead-letter queues and functions it is given: one queue and one function give one queue alarm and three function alarms besides the seven of the API, payments, webhooks and table", () => {
    const { view } = build(["Only"], [["Lonely", "functions/maintenance/handler.ts", 60]]);
    expect(
      view
        .ofType("AWS::CloudWatch::Alarm")
        .map((a) => a.logicalId.replace(/[0-9A-F]{8}$/, ""))
        .sort(),
    ).toEqual([
      "Api4xxRateAlarm",
      "Api5xxAlarm",
      "LatePaymentsAlarm",
      "LonelyDurationAlarm",
      "LonelyErrorsAlarm",
      "LonelyThrottlesAlarm",
      "OnlyDeadLetterAlarm",
      "PaymentRefundDueAlarm",
      "TableThrottleAlarm",
      "WebhookFailureRateAlarm",
    ]);
  });

  it("reads a service metric only with the dimensions it is emitted with (shared/observability/metric-names.ts): any other set has no data, so it fails at synth", () => {
    const period = Duration.minutes(5);
    const { serviceMetric } = serviceMetricsIn("Marketplace");
    expect(serviceMetric("deliveries", period, { path: "manual" }).dimensions).toEqual({
      service: "marketplace",
      path: "manual",
    });
    expect(() => serviceMetric("deliveries", period)).toThrow(
      "Deliveries is emitted with dimensions [path] beyond service",
    );
    expect(() => serviceMetric("ordersPaid", period, { path: "manual" })).toThrow(
      "OrdersPaid is emitted with dimensions [] beyond service",
    );
  });

  describe("the operations dashboard", () => {
    it("is named after the stack, shows three hours, and lists every alarm by state at the top", () => {
      const { view, observability } = deployed();
      const dashboard = view.findOne("AWS::CloudWatch::Dashboard", "OperationsDashboard");
      expect(dashboard.properties.DashboardName).toBe("Marketplace-operations");
      const body = dashboardBody(view);
      expect(body.start).toBe("-PT3H");
      const [first] = asArray(body.widgets, "widgets");
      const status = asJson(asJson(first, "widget").properties, "properties");
      expect(status.title).toBe("Alarms (firing first)");
      expect(status.sortBy).toBe("stateUpdatedTimestamp");
      const alarmIds = view.ofType("AWS::CloudWatch::Alarm").map((a) => `<${a.logicalId}.Arn>`);
      expect(asArray(status.alarms, "alarms").sort()).toEqual(alarmIds.sort());
      expect(observability.alarms).toHaveLength(alarmIds.length);
    });

    it("graphs, under each heading, the API's traffic, latency and errors overall and by route, each function's errors, throttles, p99 duration and concurrency, the table's capacity and throttling, every queue's depth and oldest message, and the service's sales, payouts, deliveries, webhooks, refusals and late payments", () => {
      const { view, all } = deployed();
      const api = "ApiF70053CD";
      const table = "TableCD117FA1";
      const fnLines = (metric: string) =>
        deployedFunctions.map(([id]) => {
          const logicalId = all.findOne(
            "AWS::Lambda::Function",
            `${id.replaceAll("-", "")}Function`,
          ).logicalId;
          return `AWS/Lambda ${metric} FunctionName <${logicalId}>`;
        });
      const byRoute = (metric: string, statistic: string) =>
        `SEARCH('{AWS/ApiGateway,ApiId,Method,Resource,Stage} MetricName="${metric}" ApiId="<${api}>"', '${statistic}', 300)`;
      const queue = (metric: string, queueIds: readonly string[]) =>
        queueIds.map((id) => `AWS/SQS ${metric} QueueName <${id}.QueueName>`);
      const workQueues = ["WebhooksQueue", "EmailsQueue"].map(
        (id) => all.findOne("AWS::SQS::Queue", id).logicalId,
      );
      const deadLetters = ["Webhooks", "Emails", "Outbox", "Catalogue"].map(
        (name) => all.findOne("AWS::SQS::Queue", `${name}DeadLetter`).logicalId,
      );
      const throttleIds = ["getitem", "batchgetitem", "query", "putitem", "updateitem", "deleteitem"];
      const operations = ["GetItem", "BatchGetItem", "Query", "PutItem", "UpdateItem", "DeleteItem"];
      expect(widgetsOf(dashboardBody(view)).slice(1)).toEqual([
        { title: "## API (HTTP API, $default stage; by route from its detailed metrics)", lines: [] },
        { title: "API requests", lines: [`AWS/ApiGateway Count ApiId <${api}>`] },
        {
          title: "API latency (ms)",
          lines: [
            `AWS/ApiGateway Latency ApiId <${api}>`,
            `AWS/ApiGateway Latency ApiId <${api}>`,
            `AWS/ApiGateway IntegrationLatency ApiId <${api}>`,
          ],
        },
        {
          title: "API errors",
          lines: [`AWS/ApiGateway 4xx ApiId <${api}>`, `AWS/ApiGateway 5xx ApiId <${api}>`],
        },
        { title: "Requests by route", lines: [byRoute("Count", "Sum")] },
        { title: "Latency p99 by route (ms)", lines: [byRoute("Latency", "p99")] },
        { title: "4xx by route", lines: [byRoute("4xx", "Sum")] },
        { title: "5xx by route", lines: [byRoute("5xx", "Sum")] },
        { title: "## Functions (a line per function)", lines: [] },
        { title: "Function errors", lines: fnLines("Errors") },
        { title: "Function throttles", lines: fnLines("Throttles") },
        { title: "Function duration p99 (ms)", lines: fnLines("Duration") },
        {
          title: "Function concurrent executions (max)",
          lines: [...fnLines("ConcurrentExecutions"), "AWS/Lambda ConcurrentExecutions"],
        },
        { title: "## Table (DynamoDB, on demand)", lines: [] },
        {
          title: "Consumed capacity units",
          lines: [
            `AWS/DynamoDB ConsumedReadCapacityUnits TableName <${table}>`,
            `AWS/DynamoDB ConsumedWriteCapacityUnits TableName <${table}>`,
          ],
        },
        {
          title: "Throttle events",
          lines: [
            `AWS/DynamoDB ReadThrottleEvents TableName <${table}>`,
            `AWS/DynamoDB WriteThrottleEvents TableName <${table}>`,
          ],
        },
        {
          title: "Throttled requests by operation",
          lines: [
            `SEARCH('{AWS/DynamoDB,Operation,TableName} MetricName="ThrottledRequests" TableName="<${table}>"', 'Sum', 300)`,
            `${[...throttleIds, "transactwriteitems"].map((id) => `FILL(${id}, 0)`).join(" + ")}`,
            ...[...operations, "TransactWriteItems"].map(
              (operation) =>
                `(hidden) AWS/DynamoDB ThrottledRequests Operation ${operation} TableName <${table}>`,
            ),
          ],
        },
        { title: "## Queues", lines: [] },
        {
          title: "Work queues: messages waiting",
          lines: queue("ApproximateNumberOfMessagesVisible", workQueues),
        },
        {
          title: "Work queues: oldest message (s)",
          lines: queue("ApproximateAgeOfOldestMessage", workQueues),
        },
        {
          title: "Dead-letter queues: messages",
          lines: queue("ApproximateNumberOfMessagesVisible", deadLetters),
        },
        {
          title: "Dead-letter queues: oldest message (s)",
          lines: queue("ApproximateAgeOfOldestMessage", deadLetters),
        },
        {
          title: "## Sales, payouts and webhooks (the service's own metrics, namespace Marketplace)",
          lines: [],
        },
        {
          title: "Sales and payouts",
          lines: [
            "Marketplace OrdersPaid service marketplace",
            "Marketplace PayoutsRequested service marketplace",
          ],
        },
        {
          title: "Deliveries by path",
          lines: ["webhook", "manual", "key_stock"].map(
            (path) => `Marketplace Deliveries path ${path} service marketplace`,
          ),
        },
        {
          title: "Webhook attempts and failures",
          lines: [
            "Marketplace WebhookAttempts service marketplace",
            "Marketplace WebhookFailures service marketplace",
          ],
        },
        {
          title: "Webhook success rate (%)",
          lines: [
            "100 * (attempts - FILL(failures, 0)) / attempts",
            "(hidden) Marketplace WebhookAttempts service marketplace",
            "(hidden) Marketplace WebhookFailures service marketplace",
          ],
        },
        {
          title: "Refusals by code",
          lines: [
            `SEARCH('{Marketplace,code,service} MetricName="Refusals" service="marketplace"', 'Sum', 300)`,
          ],
        },
        {
          title: "Token exchanges refused",
          lines: ["Marketplace TokenExchangesRefused service marketplace"],
        },
        {
          title: "Late payments and refunds due",
          lines: ["Marketplace LatePayments service marketplace", "Marketplace PaymentRefundsDue"],
        },
      ]);
    });
  });
});
