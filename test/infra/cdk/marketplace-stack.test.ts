import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { App } from "aws-cdk-lib";
import { Annotations, Match, Template } from "aws-cdk-lib/assertions";
import { Queue } from "aws-cdk-lib/aws-sqs";
import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../infra/cdk/app.js";
import type { MarketplaceStack } from "../../../infra/cdk/marketplace-stack.js";
import { apiGroupPermissions } from "../../../infra/cdk/permissions.js";
import { tableSchema } from "../../../shared/data/table-schema.js";
import {
  catchAllGroup,
  catchAllPath,
  endpointGroups,
  fullPath,
  routes,
  routesOf,
} from "../../../shared/http/routes.js";
import { outboxForwarderFilters } from "./outbox-forwarder-filters.js";
import {
  asArray,
  asJson,
  asString,
  constructIdOf,
  deployedLogicalResources,
  getAttId,
  isJson,
  type Json,
  type Resource,
  refId,
  type Statement,
  TemplateView,
  tracingStatement,
} from "./template-view.js";

const apiFunctionIds = endpointGroups.map(constructIdOf);
const workerFunctionIds = ["WebhookSender", "Mailer", "Maintenance", "OutboxForwarder", "CatalogueIndexer"];
/** The functions fed by the table's stream: the only ones that may read it. */
const streamConsumerIds = ["CatalogueIndexer", "OutboxForwarder"];
const allFunctionIds = [...apiFunctionIds, ...workerFunctionIds];
/**
 * aws-s3-deployment's function, which copies the dashboard's build into its bucket (#22): CDK's own Python
 * code, the one function not built by MarketplaceFunction. Its role and policy are pinned in
 * constructs/dashboard-hosting.test.ts.
 */
const dashboardDeployerId = "CustomCDKBucketDeployment8693BB64968944B69AAFB0CC9EB8756C81C01536";

const dynamoWriteActions = [
  "dynamodb:PutItem",
  "dynamodb:UpdateItem",
  "dynamodb:DeleteItem",
  "dynamodb:BatchWriteItem",
  "dynamodb:PartiQLInsert",
  "dynamodb:PartiQLUpdate",
  "dynamodb:PartiQLDelete",
];

// --- The app, built and synthesized once --------------------------------------------------------

const context = { "aws:cdk:bundling-stacks": [], "marketplace:senderIdentity": "example.com" };

let app: App;
let stack: MarketplaceStack;
let cachedTemplate: Template | undefined;
let cachedView: TemplateView | undefined;

beforeAll(() => {
  ({ app, stack } = buildApp(new App({ context })));
});

/** The stack's template; the first call synthesizes the app (cdk-nag included), later calls reuse it. */
const template = (): Template => {
  cachedTemplate ??= Template.fromStack(stack);
  return cachedTemplate;
};

const view = (): TemplateView => {
  cachedView ??= new TemplateView(template());
  return cachedView;
};

// The template helpers of template-view.ts, bound to the stack's template.
const allResources = (): readonly Resource[] => view().resources;
const ofType = (type: string): Resource[] => view().ofType(type);
/** The one resource of a type whose logical id contains `idPart`; fails on none or several. */
const findOne = (type: string, idPart: string): Resource => view().findOne(type, idPart);
const byId = (logicalId: string): Resource => view().byId(logicalId);
/** The Lambda function of a MarketplaceFunction construct (its logical id starts `<constructId>Function`). */
const functionOf = (constructId: string): Resource => view().functionOf(constructId);
const roleOf = (constructId: string): Resource => view().roleOf(constructId);
/** Every statement that applies to a function's role: inline policies and attached (managed) policies. */
const statementsOf = (constructId: string): Statement[] => view().statementsOf(constructId);
/** Sorted, distinct actions a function's role allows. */
const allowedActions = (constructId: string): string[] => view().allowedActions(constructId);
/** The function logical id an API Gateway route's integration invokes. */
const functionBehindRoute = (routeKey: string): string => view().functionBehindRoute(routeKey);
/** Environment variables of a function, as template values. */
const environmentOf = (constructId: string): Json => view().environmentOf(constructId);

/** Per function, the allowed actions that satisfy `keep`; every function is listed, with [] when none. */
const actionsByFunction = (keep: (action: string) => boolean): Record<string, string[]> =>
  Object.fromEntries(allFunctionIds.map((id) => [id, allowedActions(id).filter(keep)]));

const expectedRouteKeys = [
  ...routes.map((route) => `${route.method} ${fullPath(route)}`),
  "ANY /api/v1/{proxy+}",
  "ANY /api/v2/{proxy+}",
];

// --- Tests --------------------------------------------------------------------------------------

describe("MarketplaceStack", () => {
  describe("synthesis and cdk-nag", () => {
    it("synthesizes with cdk-nag AwsSolutions checks passing under only the written acknowledgements, with routes.length + 2 API routes", () => {
      // A cdk-nag finding that no acknowledgement covers makes synth throw the validation report.
      expect(() => app.synth()).not.toThrow();
      const synthesized: unknown = app.synth().getStackArtifact(stack.artifactId).template;
      const resources = Object.values(asJson(asJson(synthesized, "template").Resources, "Resources"));
      const routeCount = resources.filter((r) => isJson(r) && r.Type === "AWS::ApiGatewayV2::Route").length;
      expect(routeCount).toBe(routes.length + 2);
    });

    it("cdk-nag is registered on the built app: an unacknowledged non-compliant resource fails synth with its AwsSolutions finding", () => {
      const outdir = mkdtempSync(join(tmpdir(), "marketplace-nag-"));
      try {
        const probe = buildApp(new App({ context, outdir }));
        // No dead-letter queue, no enforced SSL: AwsSolutions-SQS3 and AwsSolutions-SQS4.
        new Queue(probe.stack, "NonCompliantProbe", {});
        expect(() => probe.app.synth()).toThrow(/validation-report\.json/);
        const report: unknown = JSON.parse(readFileSync(join(outdir, "validation-report.json"), "utf8"));
        const pluginReports = asArray(asJson(report, "report").pluginReports, "pluginReports").map((p) =>
          asJson(p, "plugin report"),
        );
        const nag = pluginReports.find((p) => p.pluginName === "AwsSolutions");
        expect(nag?.conclusion).toBe("failure");
        const violations = asArray(nag?.violations, "violations").map((v) => {
          const violation = asJson(v, "violation");
          const constructs = asArray(violation.violatingConstructs, "violatingConstructs");
          return {
            rule: violation.ruleName,
            paths: constructs.map((c) => asJson(c, "violating construct").constructPath),
          };
        });
        expect(violations).toEqual([
          { rule: "AwsSolutions-SQS3", paths: ["Marketplace/NonCompliantProbe/Resource"] },
          { rule: "AwsSolutions-SQS4", paths: ["Marketplace/NonCompliantProbe/Resource"] },
        ]);
      } finally {
        rmSync(outdir, { recursive: true, force: true });
      }
    });

    it("no construct of the stack carries an error or warning annotation", () => {
      template();
      const annotations = Annotations.fromStack(stack);
      annotations.hasNoError("*", Match.anyValue());
      annotations.hasNoWarning("*", Match.anyValue());
    });
  });

  describe("logical IDs", () => {
    it("the stack has exactly the 174 resources of the pre-refactor template, each with its logical ID and type unchanged, plus the 8 of the catalogue indexer, the 4 of the seller chat routes, the 13 of the API reference, the 6 of the seller visibility routes (#13 item 5), the 2 of the refund-due alarm (#18 item 1), the 11 of the key stock group (#21: its function, role, policy, log group and integration, and its 3 routes with their permissions) and the 14 of the seller dashboard's hosting (#22: its bucket and bucket policy, distribution, origin access control, response headers policy and path function, two deployments with their CLI layers, and the deployment function with its role, policy and log group), and the 2 of the order summary route (#22: the route and its permission), and the 8 of the webhook contract's seller routes (#23: secret rotation, events read and chosen, deliveries; a route and a permission each), and the 59 of the operations alarms and dashboard (#24 item 2: an errors, a throttles and a duration alarm per function, 18 functions, the 4xx-rate, webhook failure rate, table throttle and late payments alarms, and the dashboard), and the operator topic's own key (#24: CloudWatch cannot publish to a topic under the AWS-managed SNS key), and the 2 stream lag alarms (#24: the outbox forwarder's and the catalogue indexer's iterator age), and the 12 of the review routes (#25: the reseller's four and the seller's two; a route and a permission each)", () => {
      expect(Object.keys(deployedLogicalResources)).toHaveLength(316);
      expect(view().logicalTypes()).toEqual(deployedLogicalResources);
      expect(allResources()).toHaveLength(316);
      // Added with the catalogue indexer: its function, role, policy, log group and stream mapping, its
      // dead-letter queue with its TLS policy, and that queue's alarm. Everything else predates it, but
      // for the function's duration, errors, throttles and iterator-age alarms (#24).
      expect(Object.entries(deployedLogicalResources).filter(([id]) => id.startsWith("Catalogue"))).toEqual([
        ["CatalogueDeadLetterAlarm2583DF13", "AWS::CloudWatch::Alarm"],
        ["CatalogueDeadLetterBBD9567B", "AWS::SQS::Queue"],
        ["CatalogueDeadLetterPolicy3BFCA066", "AWS::SQS::QueuePolicy"],
        ["CatalogueIndexerDurationAlarm5AFB961F", "AWS::CloudWatch::Alarm"],
        ["CatalogueIndexerErrorsAlarm7A3379B5", "AWS::CloudWatch::Alarm"],
        ["CatalogueIndexerFunction4CE7D031", "AWS::Lambda::Function"],
        [
          "CatalogueIndexerFunctionDynamoDBEventSourceMarketplaceTable34C6290DAE6A1FC8",
          "AWS::Lambda::EventSourceMapping",
        ],
        ["CatalogueIndexerIteratorAgeAlarmC3A8183C", "AWS::CloudWatch::Alarm"],
        ["CatalogueIndexerLogs64248531", "AWS::Logs::LogGroup"],
        ["CatalogueIndexerRole6F4D030E", "AWS::IAM::Role"],
        ["CatalogueIndexerRoleDefaultPolicyE1853AEC", "AWS::IAM::Policy"],
        ["CatalogueIndexerThrottlesAlarmD1B57A26", "AWS::CloudWatch::Alarm"],
      ]);
    });

    it("the retained stateful resources keep their exact logical IDs: table TableCD117FA1, buckets Images2D38C313, AccessLogs8B620ECA and DashboardFiles0F68B4E0", () => {
      const retained = allResources().filter(
        (r) => r.type === "AWS::DynamoDB::GlobalTable" || r.type === "AWS::S3::Bucket",
      );
      expect(retained.map((r) => [r.logicalId, r.deletionPolicy, r.updateReplacePolicy]).sort()).toEqual([
        ["AccessLogs8B620ECA", "Retain", "Retain"],
        ["DashboardFiles0F68B4E0", "Retain", "Retain"],
        ["Images2D38C313", "Retain", "Retain"],
        ["TableCD117FA1", "Retain", "Retain"],
      ]);
    });

    it("the outputs the operators use keep their names and point at the same resources", () => {
      expect(asJson(template().toJSON(), "template").Outputs).toEqual({
        ApiUrl: {
          Description: "Base URL; v1 at /api/v1, v2 at /api/v2",
          Value: { "Fn::GetAtt": ["ApiF70053CD", "ApiEndpoint"] },
        },
        ImageCdnUrl: {
          Value: { "Fn::Join": ["", ["https://", { "Fn::GetAtt": ["ImageCdn2F3EFA6B", "DomainName"] }]] },
        },
        TableName: { Description: "TABLE_NAME for the ops CLI", Value: { Ref: "TableCD117FA1" } },
        MasterSecretArn: {
          Description: "MASTER_SECRET_ARN for the ops CLI",
          Value: { Ref: "MasterSecretA11BF785" },
        },
        WebhookQueueUrl: { Value: { Ref: "WebhooksQueue53D37C2C" } },
        EmailQueueUrl: { Value: { Ref: "EmailsQueue3086DFE6" } },
        WebhookDeadLetterQueueUrl: {
          Description: "WEBHOOK_DLQ_URL for ops webhook redrive",
          Value: { Ref: "WebhooksDeadLetter2DFAD1BB" },
        },
        DashboardUrl: {
          Description: "The seller dashboard; it calls the API under /api/* on the same origin",
          Value: {
            "Fn::Join": [
              "",
              ["https://", { "Fn::GetAtt": ["DashboardCdn2DA4E99A", "DomainName"] }, "/dashboard/"],
            ],
          },
        },
        AlarmTopicArn: { Description: "Subscribe operators here", Value: { Ref: "OperatorAlarms0A66BB52" } },
      });
    });
  });

  describe("HTTP API routes", () => {
    it("every route of the route table is an API Gateway route keyed 'METHOD fullPath', plus ANY catch-alls for /api/v1 and /api/v2, and no other route", () => {
      const routeKeys = ofType("AWS::ApiGatewayV2::Route").map((r) => r.properties.RouteKey);
      expect(routeKeys).toHaveLength(routes.length + 2);
      expect([...routeKeys].sort()).toEqual([...expectedRouteKeys].sort());
      expect(catchAllPath("v1")).toBe("/api/v1/{proxy+}");
      expect(catchAllPath("v2")).toBe("/api/v2/{proxy+}");
      template().resourceCountIs("AWS::ApiGatewayV2::Api", 1);
    });

    describe("every route of the route table is an API Gateway route to its group's function", () => {
      it.each(routes.map((route) => [`${route.method} ${fullPath(route)}`, route.group] as const))(
        "%s → %s",
        (routeKey, group) => {
          expect(functionBehindRoute(routeKey)).toMatch(new RegExp(`^${constructIdOf(group)}Function`));
        },
      );
    });

    it("each version's catch-all route integrates with its catch-all group's function (v1-auth, v2-auth)", () => {
      expect(catchAllGroup).toEqual({ v1: "v1-auth", v2: "v2-auth" });
      expect(functionBehindRoute("ANY /api/v1/{proxy+}")).toMatch(/^Apiv1authFunction/);
      expect(functionBehindRoute("ANY /api/v2/{proxy+}")).toMatch(/^Apiv2authFunction/);
    });

    it("API Gateway may invoke each group's function once per route it serves, and nothing else", () => {
      const all = ofType("AWS::Lambda::Permission");
      // The only other invoker is the maintenance schedule, asserted in its own test.
      const permissions = all.filter((p) => p.properties.Principal !== "events.amazonaws.com");
      expect(all.length - permissions.length).toBe(1);
      for (const permission of permissions) {
        expect(permission.properties.Action).toBe("lambda:InvokeFunction");
        expect(permission.properties.Principal).toBe("apigateway.amazonaws.com");
      }
      const counts: Record<string, number> = {};
      for (const permission of permissions) {
        const functionId = getAttId(permission.properties.FunctionName, "Arn", "FunctionName");
        const constructId = allFunctionIds.find((id) => functionId.startsWith(`${id}Function`)) ?? functionId;
        counts[constructId] = (counts[constructId] ?? 0) + 1;
      }
      const expected = Object.fromEntries(
        endpointGroups.map((group) => {
          const catchAlls = Object.values(catchAllGroup).filter((g) => g === group).length;
          return [constructIdOf(group), routesOf(group).length + catchAlls];
        }),
      );
      expect(counts).toEqual(expected);
    });

    it("the $default stage auto-deploys with JSON access logs to its log group, throttles the stage at rate 500, burst 1000, and writes detailed (per-route) metrics", () => {
      template().resourceCountIs("AWS::ApiGatewayV2::Stage", 1);
      const stage = findOne("AWS::ApiGatewayV2::Stage", "ApiStage");
      expect(stage.properties.StageName).toBe("$default");
      expect(stage.properties.AutoDeploy).toBe(true);
      expect(stage.properties.DefaultRouteSettings).toEqual({
        ThrottlingRateLimit: 500,
        ThrottlingBurstLimit: 1000,
        DetailedMetricsEnabled: true,
      });
      const logs = asJson(stage.properties.AccessLogSettings, "AccessLogSettings");
      const destination = getAttId(logs.DestinationArn, "Arn", "AccessLogSettings.DestinationArn");
      expect(byId(destination).type).toBe("AWS::Logs::LogGroup");
      expect(destination).toMatch(/^ApiAccessLogs/);
      const format: unknown = JSON.parse(asString(logs.Format, "AccessLogSettings.Format"));
      expect(format).toMatchObject({
        requestId: "$context.requestId",
        status: "$context.status",
        httpMethod: "$context.httpMethod",
        routeKey: "$context.routeKey",
      });
      // Delivery paths carry one-time tokens: the access log names the route, never the raw path.
      expect(asString(logs.Format, "AccessLogSettings.Format")).not.toMatch(/\$context\.(path|resourcePath)/);
    });
  });

  describe("DynamoDB table", () => {
    it("is one on-demand TableV2 (GlobalTable) keyed PK HASH / SK RANGE, string-typed", () => {
      template().resourceCountIs("AWS::DynamoDB::GlobalTable", 1);
      template().resourceCountIs("AWS::DynamoDB::Table", 0);
      expect([tableSchema.partitionKey, tableSchema.sortKey]).toEqual(["PK", "SK"]);
      template().hasResourceProperties("AWS::DynamoDB::GlobalTable", {
        BillingMode: "PAY_PER_REQUEST",
        KeySchema: [
          { AttributeName: "PK", KeyType: "HASH" },
          { AttributeName: "SK", KeyType: "RANGE" },
        ],
      });
      const table = findOne("AWS::DynamoDB::GlobalTable", "Table");
      const attributes = asArray(table.properties.AttributeDefinitions, "AttributeDefinitions");
      for (const attribute of attributes) expect(asJson(attribute, "attribute").AttributeType).toBe("S");
    });

    it("has exactly the global secondary indexes of tableSchema.globalIndexes, with the same key attributes", () => {
      const table = findOne("AWS::DynamoDB::GlobalTable", "Table");
      const indexes = asArray(table.properties.GlobalSecondaryIndexes, "GlobalSecondaryIndexes").map(
        (value) => {
          const index = asJson(value, "index");
          return { name: index.IndexName, keySchema: index.KeySchema };
        },
      );
      expect(indexes).toEqual(
        tableSchema.globalIndexes.map((index) => ({
          name: index.name,
          keySchema: [
            { AttributeName: index.partitionKey, KeyType: "HASH" },
            { AttributeName: index.sortKey, KeyType: "RANGE" },
          ],
        })),
      );
      expect(indexes.map((i) => i.name)).toEqual([
        "GSI1",
        "GSI2",
        "GSI3",
        "GSI4",
        "GSI5",
        "GSI6",
        "GSI7",
        "GSI8",
        "GSI9",
      ]);
    });

    it("has point-in-time recovery on every replica, a NEW_AND_OLD_IMAGES stream and TTL on tableSchema.ttlAttribute", () => {
      const table = findOne("AWS::DynamoDB::GlobalTable", "Table");
      const replicas = asArray(table.properties.Replicas, "Replicas");
      expect(replicas.length).toBeGreaterThan(0);
      for (const replica of replicas) {
        expect(asJson(replica, "replica").PointInTimeRecoverySpecification).toEqual({
          PointInTimeRecoveryEnabled: true,
        });
      }
      expect(table.properties.StreamSpecification).toEqual({ StreamViewType: "NEW_AND_OLD_IMAGES" });
      expect(table.properties.TimeToLiveSpecification).toEqual({
        AttributeName: tableSchema.ttlAttribute,
        Enabled: true,
      });
      expect(tableSchema.ttlAttribute).toBe("expires_at");
    });
  });

  describe("queues and workers", () => {
    it.each([
      // Webhooks: one receive per delay of the retry schedule (over 24 h) plus the first try.
      ["Webhooks", "WebhookSender", 11],
      ["Emails", "Mailer", 5],
    ])(
      "the %s queue re-drives to its own dead-letter queue after its receive limit and feeds %s with ReportBatchItemFailures",
      (name, worker, maxReceiveCount) => {
        const queue = findOne("AWS::SQS::Queue", `${name}Queue`);
        const deadLetter = findOne("AWS::SQS::Queue", `${name}DeadLetter`);
        expect(queue.properties.RedrivePolicy).toEqual({
          deadLetterTargetArn: { "Fn::GetAtt": [deadLetter.logicalId, "Arn"] },
          maxReceiveCount,
        });
        expect(deadLetter.properties.RedrivePolicy).toBeUndefined();

        const fn = functionOf(worker);
        const mappings = ofType("AWS::Lambda::EventSourceMapping").filter(
          (m) => refId(m.properties.FunctionName, "FunctionName") === fn.logicalId,
        );
        expect(mappings).toHaveLength(1);
        const [mapping] = mappings;
        expect(mapping?.properties.EventSourceArn).toEqual({ "Fn::GetAtt": [queue.logicalId, "Arn"] });
        expect(mapping?.properties.FunctionResponseTypes).toEqual(["ReportBatchItemFailures"]);
      },
    );

    it("there are exactly two work queues and four dead-letter queues, all SQS-managed-encrypted, and four event source mappings", () => {
      const queues = ofType("AWS::SQS::Queue");
      expect(queues.map((q) => q.logicalId.replace(/[0-9A-F]{8}$/, "")).sort()).toEqual([
        "CatalogueDeadLetter",
        "EmailsDeadLetter",
        "EmailsQueue",
        "OutboxDeadLetter",
        "WebhooksDeadLetter",
        "WebhooksQueue",
      ]);
      for (const queue of queues) {
        expect(queue.properties.SqsManagedSseEnabled, queue.logicalId).toBe(true);
        expect(queue.properties.KmsMasterKeyId, queue.logicalId).toBeUndefined();
      }
      template().resourceCountIs("AWS::Lambda::EventSourceMapping", 4);
      const fed = ofType("AWS::Lambda::EventSourceMapping")
        .map((m) => refId(m.properties.FunctionName, "FunctionName").replace(/Function[0-9A-F]{8}$/, ""))
        .sort();
      expect(fed).toEqual(["CatalogueIndexer", "Mailer", "OutboxForwarder", "WebhookSender"]);
    });

    it("the outbox forwarder reads outbox INSERTs and the changes a seller may opt into from the table's stream, reports failures per record, and may only send to the two work queues", () => {
      const table = findOne("AWS::DynamoDB::GlobalTable", "Table");
      const mapping = ofType("AWS::Lambda::EventSourceMapping").find(
        (m) => refId(m.properties.FunctionName, "FunctionName") === functionOf("OutboxForwarder").logicalId,
      );
      expect(mapping?.properties.EventSourceArn).toEqual({ "Fn::GetAtt": [table.logicalId, "StreamArn"] });
      expect(mapping?.properties.FunctionResponseTypes).toEqual(["ReportBatchItemFailures"]);
      expect(mapping?.properties.StartingPosition).toBe("TRIM_HORIZON");
      expect(mapping?.properties.FilterCriteria).toEqual({
        Filters: outboxForwarderFilters,
      });
      const sends = statementsOf("OutboxForwarder").filter((st) =>
        st.actions.some((a) => a.startsWith("sqs:Send")),
      );
      expect(
        sends
          .flatMap((st) => st.resources)
          .map((r) => JSON.stringify(r))
          .sort(),
      ).toEqual(
        // The two work queues, and its own failure queue for records it could not forward in 24 hours.
        ["WebhooksQueue", "EmailsQueue", "OutboxDeadLetter"]
          .map((id) => JSON.stringify({ "Fn::GetAtt": [findOne("AWS::SQS::Queue", id).logicalId, "Arn"] }))
          .sort(),
      );
      expect(
        allowedActions("OutboxForwarder").filter(
          (a) =>
            a.startsWith("dynamodb:") &&
            !a.includes("Stream") &&
            a !== "dynamodb:GetRecords" &&
            a !== "dynamodb:GetShardIterator",
        ),
      ).toEqual([]);
    });

    it("the catalogue indexer reads every change of a product item (key SK = PRODUCT) from the table's stream, reports failures per record, and sends what it could not index to its own dead-letter queue", () => {
      const table = findOne("AWS::DynamoDB::GlobalTable", "Table");
      const deadLetter = findOne("AWS::SQS::Queue", "CatalogueDeadLetter");
      const mappings = ofType("AWS::Lambda::EventSourceMapping").filter(
        (m) => refId(m.properties.FunctionName, "FunctionName") === functionOf("CatalogueIndexer").logicalId,
      );
      expect(mappings).toHaveLength(1);
      const [mapping] = mappings;
      expect(mapping?.properties).toMatchObject({
        EventSourceArn: { "Fn::GetAtt": [table.logicalId, "StreamArn"] },
        StartingPosition: "TRIM_HORIZON",
        BatchSize: 100,
        FunctionResponseTypes: ["ReportBatchItemFailures"],
        MaximumRecordAgeInSeconds: 86_400,
        MaximumRetryAttempts: 10,
        DestinationConfig: { OnFailure: { Destination: { "Fn::GetAtt": [deadLetter.logicalId, "Arn"] } } },
      });
      // No eventName and no image in the pattern: INSERT, MODIFY and REMOVE records all carry the keys.
      expect(mapping?.properties.FilterCriteria).toEqual({
        Filters: [{ Pattern: JSON.stringify({ dynamodb: { Keys: { SK: { S: ["PRODUCT"] } } } }) }],
      });
      expect(tableSchema.sortKey).toBe("SK");
      expect(deadLetter.properties).toEqual({
        MessageRetentionPeriod: 1_209_600,
        SqsManagedSseEnabled: true,
      });
    });

    it("the catalogue indexer may read and write the table's items and read its stream, send only to its own dead-letter queue, and nothing else (no secret, no work queue, no SES, no S3)", () => {
      const deadLetter = findOne("AWS::SQS::Queue", "CatalogueDeadLetter");
      expect(allowedActions("CatalogueIndexer")).toEqual([
        "dynamodb:BatchGetItem",
        "dynamodb:ConditionCheckItem",
        "dynamodb:DeleteItem",
        "dynamodb:DescribeStream",
        "dynamodb:GetItem",
        "dynamodb:GetRecords",
        "dynamodb:GetShardIterator",
        "dynamodb:ListStreams",
        "dynamodb:PutItem",
        "dynamodb:Query",
        "dynamodb:UpdateItem",
        "logs:CreateLogStream",
        "logs:PutLogEvents",
        "sqs:GetQueueAttributes",
        "sqs:GetQueueUrl",
        "sqs:SendMessage",
        "xray:PutTelemetryRecords",
        "xray:PutTraceSegments",
      ]);
      const sends = statementsOf("CatalogueIndexer").filter((st) =>
        st.actions.some((a) => a.startsWith("sqs:")),
      );
      expect(sends.flatMap((st) => st.resources)).toEqual([{ "Fn::GetAtt": [deadLetter.logicalId, "Arn"] }]);
    });
  });

  describe("functions", () => {
    it("the stack has exactly one function per endpoint group plus the WebhookSender, Mailer, Maintenance, OutboxForwarder and CatalogueIndexer workers, and aws-s3-deployment's for the dashboard", () => {
      const functions = ofType("AWS::Lambda::Function").map((f) => f.logicalId);
      expect(functions).toHaveLength(endpointGroups.length + 5 + 1);
      for (const id of allFunctionIds)
        expect(functions.filter((f) => f.startsWith(`${id}Function`))).toHaveLength(1);
      expect(functions.filter((f) => !allFunctionIds.some((id) => f.startsWith(`${id}Function`)))).toEqual([
        dashboardDeployerId,
      ]);
    });

    it("only the payments function may read the payment callback secret, and it gets its ARN", () => {
      const secret = findOne("AWS::SecretsManager::Secret", "PaymentCallbackSecret");
      const readers = allFunctionIds.filter((id) =>
        statementsOf(id).some(
          (st) =>
            st.actions.includes("secretsmanager:GetSecretValue") &&
            JSON.stringify(st.resources).includes(secret.logicalId),
        ),
      );
      expect(readers).toEqual(["Apipayments"]);
      expect(environmentOf("Apipayments").PAYMENT_CALLBACK_SECRET_ARN).toEqual({ Ref: secret.logicalId });
    });

    it("the maintenance function runs every minute from an EventBridge schedule, its only invoker", () => {
      const rule = findOne("AWS::Events::Rule", "MaintenanceSchedule");
      expect(rule.properties.ScheduleExpression).toBe("rate(1 minute)");
      const targets = asArray(rule.properties.Targets, "Targets");
      expect(targets).toHaveLength(1);
      expect(getAttId(asJson(targets[0], "target").Arn, "Arn", "target")).toMatch(/^MaintenanceFunction/);
      const invokers = ofType("AWS::Lambda::Permission").filter((p) =>
        getAttId(p.properties.FunctionName, "Arn", "FunctionName").startsWith("MaintenanceFunction"),
      );
      expect(invokers.map((p) => p.properties.Principal)).toEqual(["events.amazonaws.com"]);
    });

    it("every function of ours runs nodejs24.x on arm64; aws-s3-deployment's runs its own Python, on arm64 too", () => {
      const functions = ofType("AWS::Lambda::Function").filter((fn) => fn.logicalId !== dashboardDeployerId);
      expect(functions).toHaveLength(allFunctionIds.length);
      const deployer = byId(dashboardDeployerId).properties;
      expect(deployer.Runtime).toMatch(/^python3\.\d+$/);
      expect(deployer.Architectures).toEqual(["arm64"]);
      for (const fn of functions) {
        expect({
          id: fn.logicalId,
          runtime: fn.properties.Runtime,
          architectures: fn.properties.Architectures,
        }).toEqual({
          id: fn.logicalId,
          runtime: "nodejs24.x",
          architectures: ["arm64"],
        });
      }
    });

    it("every function but the stream consumers and the API reference gets TABLE_NAME and MASTER_SECRET_ARN; the outbox forwarder and the reference get neither, the catalogue indexer only TABLE_NAME", () => {
      // The master secret and the payment provider's callback secret.
      template().resourceCountIs("AWS::SecretsManager::Secret", 2);
      const secret = findOne("AWS::SecretsManager::Secret", "MasterSecret");
      const table = findOne("AWS::DynamoDB::GlobalTable", "Table");
      // The forwarder only moves stream records to queues: it needs neither the table nor the secret.
      expect(environmentOf("OutboxForwarder").TABLE_NAME).toBeUndefined();
      expect(environmentOf("OutboxForwarder").MASTER_SECRET_ARN).toBeUndefined();
      // The indexer works on the table but reads no sealed value.
      expect(environmentOf("CatalogueIndexer").TABLE_NAME).toEqual({ Ref: table.logicalId });
      expect(environmentOf("CatalogueIndexer").MASTER_SECRET_ARN).toBeUndefined();
      // The reference serves files from its own bundle: it is not told where the data is (only, as every
      // function, its telemetry settings: stages.test.ts).
      expect(environmentOf("Apiapidocs")).toEqual({
        PUBLIC_BASE_URL: { "Fn::GetAtt": ["ApiF70053CD", "ApiEndpoint"] },
        POWERTOOLS_SERVICE_NAME: "marketplace",
        POWERTOOLS_METRICS_NAMESPACE: "Marketplace",
        POWERTOOLS_LOG_LEVEL: "INFO",
        POWERTOOLS_LOGGER_SAMPLE_RATE: "0.01",
      });
      const dataFunctions = allFunctionIds.filter(
        (f) => !streamConsumerIds.includes(f) && f !== "Apiapidocs",
      );
      for (const id of dataFunctions) {
        const environment = environmentOf(id);
        expect(environment.TABLE_NAME, id).toEqual({ Ref: table.logicalId });
        expect(environment.MASTER_SECRET_ARN, id).toEqual({ Ref: secret.logicalId });
      }
    });
  });

  describe("least privilege", () => {
    it("every function has its own execution role, and the function roles (aws-s3-deployment's included) are the only roles", () => {
      const roleIds = allFunctionIds.map((id) =>
        getAttId(functionOf(id).properties.Role, "Arn", `${id} Role`),
      );
      expect(new Set(roleIds).size).toBe(allFunctionIds.length);
      for (const [index, id] of allFunctionIds.entries()) expect(roleIds[index]).toBe(roleOf(id).logicalId);
      const deployerRole = getAttId(byId(dashboardDeployerId).properties.Role, "Arn", "deployer Role");
      expect(deployerRole).toBe("DashboardDeployerRoleEEC105B8");
      expect(
        ofType("AWS::IAM::Role")
          .map((r) => r.logicalId)
          .sort(),
      ).toEqual([...roleIds, deployerRole].sort());
    });

    it("no role has the AWSLambdaBasicExecutionRole managed policy (nor any managed policy)", () => {
      const roles = ofType("AWS::IAM::Role");
      expect(roles.length).toBeGreaterThan(0);
      for (const role of roles) {
        expect(JSON.stringify(role.properties), role.logicalId).not.toContain("AWSLambdaBasicExecutionRole");
        expect(role.properties.ManagedPolicyArns ?? [], role.logicalId).toEqual([]);
      }
    });

    it("each function's role may write logs only to that function's own log group", () => {
      for (const id of allFunctionIds) {
        const logStatements = statementsOf(id).filter((s) => s.actions.some((a) => a.startsWith("logs:")));
        expect(logStatements, id).toHaveLength(1);
        const [statement] = logStatements;
        expect([...(statement?.actions ?? [])].sort(), id).toEqual([
          "logs:CreateLogStream",
          "logs:PutLogEvents",
        ]);
        expect(statement?.resources, id).toEqual([
          { "Fn::GetAtt": [findOne("AWS::Logs::LogGroup", `${id}Logs`).logicalId, "Arn"] },
        ]);
      }
    });

    it("no function role allows a wildcard action or a '*' resource, but X-Ray's two write actions, which take no other (one statement, exactly)", () => {
      for (const id of allFunctionIds) {
        const statements = statementsOf(id).filter((s) => s.effect === "Allow");
        expect(statements.length, id).toBeGreaterThan(0);
        expect(
          statements.filter((s) => s.resources.includes("*")),
          id,
        ).toEqual([tracingStatement]);
        const others = statements.filter((s) => !s.resources.includes("*"));
        for (const statement of others) {
          for (const action of statement.actions) expect(action, id).not.toMatch(/\*/);
          expect(statement.resources, id).not.toContain("*");
        }
      }
    });

    it.each([
      ["v1-auth", "Apiv1auth"],
      ["v2-auth", "Apiv2auth"],
    ])(
      "the %s function may only GetItem on the table and UpdateItem its abuse-limit windows (no other dynamodb action, no index ARN, no s3, no ses, no sqs:SendMessage)",
      (_group, id) => {
        const actions = allowedActions(id);
        expect(actions.filter((a) => a.startsWith("dynamodb:"))).toEqual([
          "dynamodb:GetItem",
          "dynamodb:UpdateItem",
        ]);
        expect(actions.filter((a) => /^(s3|ses|sqs):/.test(a))).toEqual([]);
        expect(actions).not.toContain("sqs:SendMessage");
        // The complete grant: its logs, one item by key, its exchange counters, the master secret.
        expect(actions).toEqual([
          "dynamodb:GetItem",
          "dynamodb:UpdateItem",
          "logs:CreateLogStream",
          "logs:PutLogEvents",
          "secretsmanager:GetSecretValue",
          "xray:PutTelemetryRecords",
          "xray:PutTraceSegments",
        ]);
        const table = { "Fn::GetAtt": [findOne("AWS::DynamoDB::GlobalTable", "Table").logicalId, "Arn"] };
        const dynamo = statementsOf(id).filter((s) => s.actions.some((a) => a.startsWith("dynamodb:")));
        expect(dynamo).toEqual([
          { effect: "Allow", actions: ["dynamodb:GetItem"], resources: [table] },
          {
            effect: "Allow",
            actions: ["dynamodb:UpdateItem"],
            resources: [table],
            condition: {
              "ForAllValues:StringLike": {
                "dynamodb:LeadingKeys": ["LIMIT#EXCHANGE#key#*", "LIMIT#EXCHANGE#address#*"],
              },
            },
          },
        ]);
        expect(JSON.stringify(statementsOf(id))).not.toContain("/index/");
      },
    );

    it("only the v1-products and v1-seller roles have s3 actions, exactly s3:PutObject and s3:DeleteObject, each on its own image prefix", () => {
      const expected = Object.fromEntries(allFunctionIds.map((id) => [id, [] as string[]]));
      expected.Apiv1products = ["s3:DeleteObject", "s3:PutObject"];
      expected.Apiv1seller = ["s3:DeleteObject", "s3:PutObject"];
      expect(actionsByFunction((a) => a.startsWith("s3:"))).toEqual(expected);

      const images = findOne("AWS::S3::Bucket", "Images");
      for (const [id, prefix] of [
        ["Apiv1products", "products"],
        ["Apiv1seller", "sellers"],
      ] as const) {
        const s3 = statementsOf(id).filter((s) => s.actions.some((a) => a.startsWith("s3:")));
        expect(s3.map((s) => s.resources)).toEqual([
          [{ "Fn::Join": ["", [{ "Fn::GetAtt": [images.logicalId, "Arn"] }, `/${prefix}/*`]] }],
        ]);
      }
    });

    it("only the Mailer role may send e-mail (ses:SendEmail), and only from the sender identity", () => {
      const expected = Object.fromEntries(allFunctionIds.map((id) => [id, [] as string[]]));
      expected.Mailer = ["ses:SendEmail"];
      expect(actionsByFunction((a) => a.startsWith("ses:"))).toEqual(expected);
      const ses = statementsOf("Mailer").filter((s) => s.actions.some((a) => a.startsWith("ses:")));
      expect(ses).toHaveLength(1);
      expect(JSON.stringify(ses[0]?.resources)).toContain(":identity/example.com");
    });

    it("no API function role may send to a queue (no sqs:SendMessage)", () => {
      for (const id of apiFunctionIds) {
        expect(
          allowedActions(id).filter((a) => a.startsWith("sqs:Send")),
          id,
        ).toEqual([]);
      }
    });

    it("only the stream consumers (outbox forwarder, catalogue indexer) may read the table's stream, and no function role may change the table itself", () => {
      // Their event source mappings grant the stream reads; the data construct's grant never does.
      const streamRead = [
        "dynamodb:DescribeStream",
        "dynamodb:GetRecords",
        "dynamodb:GetShardIterator",
        "dynamodb:ListStreams",
      ];
      const expected = Object.fromEntries(allFunctionIds.map((id) => [id, [] as string[]]));
      for (const id of streamConsumerIds) expected[id] = streamRead;
      expect(
        actionsByFunction((a) => a.startsWith("dynamodb:") && /Stream|GetRecords|GetShardIterator/.test(a)),
      ).toEqual(expected);
      // Nobody scans the table or changes the table itself (CreateTable, UpdateTable, DeleteTable…).
      expect(actionsByFunction((a) => a.startsWith("dynamodb:") && /Table|Scan/.test(a))).toEqual(
        Object.fromEntries(allFunctionIds.map((id) => [id, [] as string[]])),
      );
    });

    it("only the outbox forwarder may send to the work queues; the catalogue indexer sends only to its own dead-letter queue", () => {
      const work = ["WebhooksQueue", "EmailsQueue"].map((id) =>
        JSON.stringify({ "Fn::GetAtt": [findOne("AWS::SQS::Queue", id).logicalId, "Arn"] }),
      );
      const senders = allFunctionIds.filter((id) =>
        statementsOf(id).some(
          (st) =>
            st.actions.includes("sqs:SendMessage") &&
            st.resources.some((r) => work.includes(JSON.stringify(r))),
        ),
      );
      expect(senders).toEqual(["OutboxForwarder"]);
    });

    it("the read-only v2-catalog group has no DynamoDB write action (PutItem, UpdateItem, DeleteItem, BatchWriteItem)", () => {
      expect(apiGroupPermissions["v2-catalog"].table).toBe("read");
      const actions = allowedActions("Apiv2catalog");
      expect(actions).toContain("dynamodb:Query");
      expect(actions.filter((a) => dynamoWriteActions.includes(a))).toEqual([]);
    });

    it("each API group's role matches its permission profile: table access, master-secret read and image writes", () => {
      for (const group of endpointGroups) {
        const profile = apiGroupPermissions[group];
        const actions = allowedActions(constructIdOf(group));
        const writes = actions.filter((a) => dynamoWriteActions.includes(a));
        const dynamo = actions.filter((a) => a.startsWith("dynamodb:"));
        const summary = {
          group,
          readKeysOnly: dynamo.length === 1 && dynamo[0] === "dynamodb:GetItem",
          canQuery: actions.includes("dynamodb:Query"),
          canWrite: writes.length > 0,
          masterSecret: actions.includes("secretsmanager:GetSecretValue"),
          images: actions.includes("s3:PutObject"),
        };
        expect(summary).toEqual({
          group,
          readKeysOnly: profile.table === "read-keys",
          canQuery: profile.table === "read" || profile.table === "read-write",
          canWrite: profile.table === "read-write" || profile.table === "exchange-keys",
          masterSecret: profile.masterSecret,
          images: profile.images !== false,
        });
      }
    });
  });

  describe("images and CDN", () => {
    it("the image bucket blocks all public access", () => {
      const images = findOne("AWS::S3::Bucket", "Images");
      expect(images.properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    });

    it("the image CDN reads the image bucket through an Origin Access Control of its own (no OAI), which only that distribution may use; the dashboard's distribution is the only other", () => {
      expect(
        ofType("AWS::CloudFront::Distribution")
          .map((d) => d.logicalId)
          .sort(),
      ).toEqual(["DashboardCdn2DA4E99A", "ImageCdn2F3EFA6B"]);
      template().resourceCountIs("AWS::CloudFront::OriginAccessControl", 2);
      const images = findOne("AWS::S3::Bucket", "Images");
      const oac = findOne("AWS::CloudFront::OriginAccessControl", "ImageCdn");
      expect(oac?.properties.OriginAccessControlConfig).toMatchObject({
        OriginAccessControlOriginType: "s3",
        SigningBehavior: "always",
        SigningProtocol: "sigv4",
      });
      const distribution = findOne("AWS::CloudFront::Distribution", "ImageCdn");
      const config = asJson(distribution.properties.DistributionConfig, "DistributionConfig");
      const origins = asArray(config.Origins, "Origins").map((o) => asJson(o, "origin"));
      expect(origins).toHaveLength(1);
      expect(origins[0]?.DomainName).toEqual({ "Fn::GetAtt": [images.logicalId, "RegionalDomainName"] });
      expect(origins[0]?.OriginAccessControlId).toEqual({ "Fn::GetAtt": [oac?.logicalId, "Id"] });
      expect(origins[0]?.S3OriginConfig).toEqual({ OriginAccessIdentity: "" });
      template().resourceCountIs("AWS::CloudFront::CloudFrontOriginAccessIdentity", 0);

      // The bucket lets CloudFront read objects only on behalf of this distribution, and nobody else.
      const policies = ofType("AWS::S3::BucketPolicy").filter(
        (p) => refId(p.properties.Bucket, "Bucket") === images.logicalId,
      );
      expect(policies).toHaveLength(1);
      const document = asJson(policies[0]?.properties.PolicyDocument, "PolicyDocument");
      const allows = asArray(document.Statement, "Statement")
        .map((s) => asJson(s, "statement"))
        .filter((s) => s.Effect === "Allow");
      expect(allows).toHaveLength(1);
      expect(allows[0]?.Action).toBe("s3:GetObject");
      expect(allows[0]?.Principal).toEqual({ Service: "cloudfront.amazonaws.com" });
      const sourceArn = JSON.stringify(allows[0]?.Condition);
      expect(sourceArn).toContain('"AWS:SourceArn"');
      expect(sourceArn).toContain(":distribution/");
      expect(sourceArn).toContain(JSON.stringify({ Ref: distribution.logicalId }));
    });
  });

  describe("alarms", () => {
    it.each(["Webhooks", "Emails", "Outbox", "Catalogue"])(
      "the %s dead-letter queue has an alarm on visible messages (>= 1) that notifies the operator topic",
      (name) => {
        const deadLetter = findOne("AWS::SQS::Queue", `${name}DeadLetter`);
        const topic = findOne("AWS::SNS::Topic", "OperatorAlarms");
        const alarm = findOne("AWS::CloudWatch::Alarm", `${name}DeadLetterAlarm`);
        expect(alarm.properties).toMatchObject({
          Namespace: "AWS/SQS",
          MetricName: "ApproximateNumberOfMessagesVisible",
          Dimensions: [{ Name: "QueueName", Value: { "Fn::GetAtt": [deadLetter.logicalId, "QueueName"] } }],
          ComparisonOperator: "GreaterThanOrEqualToThreshold",
          Threshold: 1,
          EvaluationPeriods: 1,
          AlarmActions: [{ Ref: topic.logicalId }],
        });
      },
    );

    it("the API has an alarm on 5xx responses that notifies the operator topic", () => {
      const api = findOne("AWS::ApiGatewayV2::Api", "Api");
      const topic = findOne("AWS::SNS::Topic", "OperatorAlarms");
      const alarm = findOne("AWS::CloudWatch::Alarm", "Api5xxAlarm");
      expect(alarm.properties).toMatchObject({
        Namespace: "AWS/ApiGateway",
        MetricName: "5xx",
        Dimensions: [{ Name: "ApiId", Value: { Ref: api.logicalId } }],
        Statistic: "Sum",
        ComparisonOperator: "GreaterThanOrEqualToThreshold",
        Threshold: 5,
        AlarmActions: [{ Ref: topic.logicalId }],
      });
      // One per dead-letter queue (webhooks, e-mails, outbox, catalogue), this one, the refund-due one, the
      // operations alarms of #24, three per function and a lag alarm per stream consumer
      // (constructs/observability.test.ts pins each).
      expect(
        ofType("AWS::CloudWatch::Alarm")
          .map((a) => a.logicalId.replace(/[0-9A-F]{8}$/, ""))
          .sort(),
      ).toEqual(
        [
          "Api4xxRateAlarm",
          "Api5xxAlarm",
          "CatalogueDeadLetterAlarm",
          "EmailsDeadLetterAlarm",
          "LatePaymentsAlarm",
          "OutboxDeadLetterAlarm",
          "PaymentRefundDueAlarm",
          "TableThrottleAlarm",
          "WebhookFailureRateAlarm",
          "WebhooksDeadLetterAlarm",
          ...allFunctionIds.flatMap((id) => [
            `${id}DurationAlarm`,
            `${id}ErrorsAlarm`,
            `${id}ThrottlesAlarm`,
          ]),
          ...streamConsumerIds.map((id) => `${id}IteratorAgeAlarm`),
        ].sort(),
      );
    });

    it("every function of the stack but CDK's dashboard deployer has an errors, a throttles and a duration alarm on its own FunctionName, the two stream consumers an iterator-age alarm too, to the operator topic", () => {
      const topic = findOne("AWS::SNS::Topic", "OperatorAlarms");
      const functions = ofType("AWS::Lambda::Function").filter((f) => f.logicalId !== dashboardDeployerId);
      expect(functions).toHaveLength(allFunctionIds.length);
      const alarmed = ofType("AWS::CloudWatch::Alarm").filter((a) => a.properties.Namespace === "AWS/Lambda");
      expect(alarmed).toHaveLength(3 * functions.length + streamConsumerIds.length);
      for (const fn of functions) {
        const dimensions = JSON.stringify([{ Name: "FunctionName", Value: { Ref: fn.logicalId } }]);
        const own = alarmed.filter((a) => JSON.stringify(a.properties.Dimensions) === dimensions);
        const streamConsumer = streamConsumerIds.some((id) => fn.logicalId.startsWith(id));
        expect(own.map((a) => a.properties.MetricName).sort(), fn.logicalId).toEqual([
          "Duration",
          "Errors",
          ...(streamConsumer ? ["IteratorAge"] : []),
          "Throttles",
        ]);
        for (const alarm of own) expect(alarm.properties.AlarmActions).toEqual([{ Ref: topic.logicalId }]);
      }
    });

    it("the payment callback's log group feeds the refund-due metric, whose alarm (>= 1) notifies the operator topic", () => {
      const logs = findOne("AWS::Logs::LogGroup", "ApipaymentsLogs");
      const topic = findOne("AWS::SNS::Topic", "OperatorAlarms");
      expect(findOne("AWS::Logs::MetricFilter", "PaymentRefundDueMetric").properties).toMatchObject({
        LogGroupName: { Ref: logs.logicalId },
        FilterPattern: '"payment_refund_due"',
      });
      expect(findOne("AWS::CloudWatch::Alarm", "PaymentRefundDueAlarm").properties).toMatchObject({
        Namespace: "Marketplace",
        MetricName: "PaymentRefundsDue",
        ComparisonOperator: "GreaterThanOrEqualToThreshold",
        Threshold: 1,
        AlarmActions: [{ Ref: topic.logicalId }],
      });
    });
  });
});
