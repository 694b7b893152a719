import { App } from "aws-cdk-lib";
import { Annotations, Match, Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { buildApp, buildStages } from "../../../infra/cdk/app.js";
import type { MarketplaceStack } from "../../../infra/cdk/marketplace-stack.js";
import { marketplaceStage } from "../../../infra/cdk/stage.js";
import { asArray, asJson, isJson, type Resource, TemplateView } from "./template-view.js";

const context = { "aws:cdk:bundling-stacks": [], "marketplace:senderIdentity": "example.com" };
const description = "Digital-goods marketplace: Seller API v1, Reseller API v2, webhooks and buyer e-mail";

/** The stateful resources whose fate a stage decides: the table and the three buckets. */
const statefulIds = ["AccessLogs8B620ECA", "DashboardFiles0F68B4E0", "Images2D38C313", "TableCD117FA1"];
const bucketIds = ["AccessLogs8B620ECA", "DashboardFiles0F68B4E0", "Images2D38C313"];

/** Pseudo parameters that are the same for every stack of an account and region. */
const sharedPseudoParameters = ["AWS::AccountId", "AWS::Partition", "AWS::Region", "AWS::URLSuffix"];

/**
 * True when a value is written into the template rather than taken from another resource: a string, or a
 * join of strings and the pseudo parameters every stack of the account and region shares.
 */
const isLiteral = (value: unknown): boolean => {
  if (typeof value === "string") return true;
  if (!isJson(value)) return false;
  const join = value["Fn::Join"];
  if (Array.isArray(join)) return asArray(join[1], "Fn::Join parts").every(isLiteral);
  return typeof value.Ref === "string" && sharedPseudoParameters.includes(value.Ref);
};

/**
 * Every name a resource fixes itself (not a reference to another resource): `Type Property value` of its
 * top-level `…Name` properties and of the `Name` inside a CloudFront `…Config`.
 */
const namesOf = (view: TemplateView): { key: string; value: string }[] =>
  view.resources.flatMap((r) => {
    const configs = Object.entries(r.properties).filter(([k]) => k.endsWith("Config"));
    const nested = configs.map(([k, config]) => [`${k}.Name`, asJson(config, k).Name] as const);
    return [...Object.entries(r.properties).filter(([k]) => k.endsWith("Name")), ...nested]
      .filter(([, v]) => v !== undefined && isLiteral(v))
      .map(([k, v]) => ({ key: `${r.type} ${k}`, value: JSON.stringify(v) }));
  });

/** Kinds of names that need not be unique in an account: each is scoped to its API, role, topic or metric namespace. */
const sharable = new Set([
  "AWS::ApiGatewayV2::Api Name",
  "AWS::ApiGatewayV2::Stage StageName",
  "AWS::IAM::Policy PolicyName",
  "AWS::SNS::Topic DisplayName",
  "AWS::CloudWatch::Alarm MetricName",
]);

const policiesOf = (view: TemplateView): [string, string | undefined, string | undefined][] =>
  statefulIds.map((id) => {
    const r: Resource = view.byId(id);
    return [id, r.deletionPolicy, r.updateReplacePolicy];
  });

/** The table's deletion protection, set on its one replica (TableV2). */
const deletionProtectionOf = (view: TemplateView): unknown =>
  asArray(view.byId("TableCD117FA1").properties.Replicas, "Replicas").map(
    (replica) => asJson(replica, "replica").DeletionProtectionEnabled,
  );

describe("the stage a deployment is (--context stage=<name>)", () => {
  it("no stage, and stage prod, both build the stack deployed before stages existed: id and name Marketplace, its description, data retained", () => {
    for (const stageContext of [{}, { stage: "prod" }]) {
      const { stack } = buildApp(new App({ context: { ...context, ...stageContext } }));
      expect([stack.node.id, stack.stackName, stack.templateOptions.description]).toEqual([
        "Marketplace",
        "Marketplace",
        description,
      ]);
      expect(stack.stage).toEqual({
        name: "prod",
        isDefault: true,
        stackId: "Marketplace",
        retainsData: true,
        metricNamespace: "Marketplace",
        logLevel: "INFO",
        debugSampleRate: 0.01,
      });
    }
  });

  it("a named stage builds Marketplace-<stage>, its description naming the stage, removed with its data", () => {
    const { stack } = buildApp(new App({ context: { ...context, stage: "dev-alice2" } }));
    expect([stack.node.id, stack.stackName, stack.templateOptions.description]).toEqual([
      "Marketplace-dev-alice2",
      "Marketplace-dev-alice2",
      `${description} (stage dev-alice2)`,
    ]);
    expect(stack.stage).toEqual({
      name: "dev-alice2",
      isDefault: false,
      stackId: "Marketplace-dev-alice2",
      retainsData: false,
      metricNamespace: "Marketplace-dev-alice2",
      logLevel: "DEBUG",
      debugSampleRate: 0,
    });
  });

  it.each([
    ["Staging", '"Staging"'],
    ["dev_alice", '"dev_alice"'],
    ["dev alice", '"dev alice"'],
    ["", '""'],
    ["1dev", '"1dev"'],
    ["-dev", '"-dev"'],
    ["a".repeat(33), `"${"a".repeat(33)}"`],
    [42, "42"],
  ])("refuses the stage %j at synth, saying the rule", (stage, shown) => {
    expect(() => buildApp(new App({ context: { ...context, stage } }))).toThrow(
      new Error(
        `Invalid stage ${shown} (--context stage=…): use lowercase letters, digits and hyphens, starting with a letter, at most 32 characters, e.g. staging or dev-alice`,
      ),
    );
  });

  it("accepts 32 characters of lowercase letters, digits and hyphens starting with a letter", () => {
    const name = `s-${"9".repeat(30)}`;
    expect(marketplaceStage(name).stackId).toBe(`Marketplace-${name}`);
  });
});

describe("two stages side by side in one app", () => {
  let app: App;
  let prod: MarketplaceStack;
  let staging: MarketplaceStack;
  let prodView: TemplateView;
  let stagingView: TemplateView;

  beforeAll(() => {
    app = new App({ context });
    [prod, staging] = buildStages(app, [marketplaceStage(), marketplaceStage("staging")]) as [
      MarketplaceStack,
      MarketplaceStack,
    ];
    prodView = new TemplateView(Template.fromStack(prod));
    stagingView = new TemplateView(Template.fromStack(staging));
  });

  it("synthesize together with cdk-nag passing on both, no warning, as stacks Marketplace and Marketplace-staging", () => {
    // A cdk-nag finding that no acknowledgement covers, in either stack, makes synth throw.
    const assembly = app.synth();
    expect(assembly.stacks.map((s) => s.stackName).sort()).toEqual(["Marketplace", "Marketplace-staging"]);
    for (const stack of [prod, staging]) {
      Annotations.fromStack(stack).hasNoError("*", Match.anyValue());
      Annotations.fromStack(stack).hasNoWarning("*", Match.anyValue());
    }
  });

  it("gives every function of a stage the stage's telemetry: its metric namespace, INFO with 1% debug sampling in the default stage, DEBUG in another, and Lambda's text log format, which imposes no level of its own", () => {
    const telemetryOf = (view: TemplateView) =>
      view
        .ofType("AWS::Lambda::Function")
        // The service's own (Node 24 on arm64), not CDK's helpers (the dashboard deployer, bucket emptying).
        .filter(
          (fn) =>
            fn.properties.Runtime === "nodejs24.x" &&
            JSON.stringify(fn.properties.Architectures) === '["arm64"]',
        )
        .map((fn) => {
          // Lambda's text log format: its JSON one would impose an application log level the logger adopts.
          expect(fn.properties.LoggingConfig, fn.logicalId).toEqual({
            LogFormat: "Text",
            LogGroup: expect.anything(),
          });
          const variables = asJson(asJson(fn.properties.Environment, "Environment").Variables, "Variables");
          return Object.fromEntries(
            Object.entries(variables).filter(([name]) => name.startsWith("POWERTOOLS_")),
          );
        });
    const prodTelemetry = telemetryOf(prodView);
    expect(prodTelemetry).toHaveLength(18);
    expect(new Set(prodTelemetry.map((t) => JSON.stringify(t)))).toEqual(
      new Set([
        JSON.stringify({
          POWERTOOLS_SERVICE_NAME: "marketplace",
          POWERTOOLS_METRICS_NAMESPACE: "Marketplace",
          POWERTOOLS_LOG_LEVEL: "INFO",
          POWERTOOLS_LOGGER_SAMPLE_RATE: "0.01",
        }),
      ]),
    );
    const stagingTelemetry = telemetryOf(stagingView);
    expect(stagingTelemetry).toHaveLength(18);
    expect(new Set(stagingTelemetry.map((t) => JSON.stringify(t)))).toEqual(
      new Set([
        JSON.stringify({
          POWERTOOLS_SERVICE_NAME: "marketplace",
          POWERTOOLS_METRICS_NAMESPACE: "Marketplace-staging",
          POWERTOOLS_LOG_LEVEL: "DEBUG",
        }),
      ]),
    );
  });

  it("every name a stage fixes itself differs from the other stage's, but names that need not be unique (an API's, a stage of its own API, an inline policy of its own role, a topic's display name, a metric's name)", () => {
    const prodNames = namesOf(prodView);
    const stagingNames = namesOf(stagingView);
    const prodValues = new Set(prodNames.map((n) => `${n.key} ${n.value}`));
    const sharedKinds = new Set(
      stagingNames.filter((n) => prodValues.has(`${n.key} ${n.value}`)).map((n) => n.key),
    );
    expect([...sharedKinds].filter((kind) => !sharable.has(kind))).toEqual([]);
    // Tables, buckets, queues, functions, log groups, roles, secrets and alarms set no name: CloudFormation
    // derives each from the stack's name. CloudFront's names, unique in the account, CDK derives from the
    // construct path, which starts with the stack's id.
    const cloudFront = (names: { key: string; value: string }[]) =>
      names
        .filter((n) => n.key.startsWith("AWS::CloudFront"))
        .map((n) => [n.key, n.value.replace(/[0-9A-F]{8}"/, '"')]);
    expect(cloudFront(prodNames)).toEqual([
      [
        "AWS::CloudFront::OriginAccessControl OriginAccessControlConfig.Name",
        '"MarketplaceImageCdnOrigin1S3OriginAccessControl"',
      ],
      [
        "AWS::CloudFront::ResponseHeadersPolicy ResponseHeadersPolicyConfig.Name",
        '"MarketplaceDashboardHeaders"',
      ],
      [
        "AWS::CloudFront::Function Name",
        '{"Fn::Join":["",[{"Ref":"AWS::Region"},"MarketplaceDashboardPaths"]]}',
      ],
      [
        "AWS::CloudFront::OriginAccessControl OriginAccessControlConfig.Name",
        '"MarketplaceDashboardCdnOrigin1S3OriginAccessControl"',
      ],
    ]);
    expect(cloudFront(stagingNames)).toEqual([
      [
        "AWS::CloudFront::OriginAccessControl OriginAccessControlConfig.Name",
        '"MarketplacestagingImageCdnOrigin1S3OriginAccessControl"',
      ],
      [
        "AWS::CloudFront::ResponseHeadersPolicy ResponseHeadersPolicyConfig.Name",
        '"MarketplacestagingDashboardHeaders"',
      ],
      [
        "AWS::CloudFront::Function Name",
        '{"Fn::Join":["",[{"Ref":"AWS::Region"},"MarketplacestagingDashboardPaths"]]}',
      ],
      // CDK shortens a long name from its middle.
      [
        "AWS::CloudFront::OriginAccessControl OriginAccessControlConfig.Name",
        '"MarketplacestagingDashboardCOrigin1S3OriginAccessControl"',
      ],
    ]);
  });

  it("each stage reads the service's own metrics from its own namespace, Marketplace and Marketplace-staging, so one stage's events never fire the other's alarms", () => {
    const namespaces = (view: TemplateView) => {
      const late = view.resources.find((r) => r.logicalId.startsWith("LatePaymentsAlarm"));
      const refunds = view.resources.find((r) => r.logicalId.startsWith("PaymentRefundDueMetric"));
      const transformations = refunds?.properties.MetricTransformations as { MetricNamespace: string }[];
      return [late?.properties.Namespace, transformations.map((t) => t.MetricNamespace)];
    };
    expect(namespaces(prodView)).toEqual(["Marketplace", ["Marketplace"]]);
    expect(namespaces(stagingView)).toEqual(["Marketplace-staging", ["Marketplace-staging"]]);
    expect(marketplaceStage("staging").metricNamespace).toBe("Marketplace-staging");
    expect(marketplaceStage().metricNamespace).toBe("Marketplace");
  });

  it("the default stage retains the table (deletion-protected) and the three buckets, with no object deleter, exactly as deployed before stages", () => {
    expect(policiesOf(prodView)).toEqual(statefulIds.map((id) => [id, "Retain", "Retain"]));
    expect(deletionProtectionOf(prodView)).toEqual([true]);
    expect(prodView.resources.filter((r) => r.logicalId.includes("AutoDelete"))).toEqual([]);
  });

  it("another stage deletes the table (no deletion protection) and the three buckets with its stack, each bucket emptied first by CDK's object deleter", () => {
    expect(policiesOf(stagingView)).toEqual(statefulIds.map((id) => [id, "Delete", "Delete"]));
    expect(deletionProtectionOf(stagingView)).toEqual([false]);
    const deleters = stagingView.ofType("Custom::S3AutoDeleteObjects");
    expect(deleters.map((d) => asJson(d.properties.BucketName, "BucketName").Ref).sort()).toEqual(bucketIds);
    // Everything the deleters add: three custom resources, one provider function and its role.
    const added = stagingView.resources.filter(
      (r) => !prodView.resources.some((p) => p.logicalId === r.logicalId),
    );
    expect(
      added.filter((r) => !r.logicalId.includes("Marketplacestaging")).map((r) => [r.logicalId, r.type]),
    ).toEqual([
      ["AccessLogsAutoDeleteObjectsCustomResourceA1409250", "Custom::S3AutoDeleteObjects"],
      ["CustomS3AutoDeleteObjectsCustomResourceProviderRole3B1BD092", "AWS::IAM::Role"],
      ["CustomS3AutoDeleteObjectsCustomResourceProviderHandler9D90184F", "AWS::Lambda::Function"],
      ["ImagesAutoDeleteObjectsCustomResource752F26D8", "Custom::S3AutoDeleteObjects"],
      ["DashboardFilesAutoDeleteObjectsCustomResourceA09D256F", "Custom::S3AutoDeleteObjects"],
    ]);
  });

  it("the secrets, queues and log groups go with the stack in every stage, as before stages", () => {
    for (const view of [prodView, stagingView]) {
      const policies = (type: string) => [
        ...new Set(view.ofType(type).map((r: Resource) => `${r.deletionPolicy}/${r.updateReplacePolicy}`)),
      ];
      expect(policies("AWS::SecretsManager::Secret")).toEqual(["Delete/Delete"]);
      expect(policies("AWS::SQS::Queue")).toEqual(["Delete/Delete"]);
      expect(policies("AWS::Logs::LogGroup")).toEqual(["Delete/Delete"]);
    }
  });

  it("the only logical ids that differ, beyond the object deleters, are the 5 CDK derives from the stack's name (queue and stream mappings, the schedule's permission)", () => {
    const ids = (view: TemplateView) => view.resources.map((r) => r.logicalId);
    /** A logical id with the stack's name (as CDK writes it into ids) and the hashes of paths taken out. */
    const unnamed = (id: string, stackName: string) =>
      id.replace(stackName, "<stack>").replaceAll(/[0-9A-F]{8,}/g, "");
    const onlyProd = ids(prodView).filter((id) => !ids(stagingView).includes(id));
    const onlyStaging = ids(stagingView).filter(
      (id) => !ids(prodView).includes(id) && !id.includes("AutoDelete"),
    );
    const expected = [
      "CatalogueIndexerFunctionDynamoDBEventSource<stack>Table",
      "MailerFunctionSqsEventSource<stack>EmailsQueue",
      "MaintenanceScheduleAllowEventRule<stack>MaintenanceFunction",
      "OutboxForwarderFunctionDynamoDBEventSource<stack>Table",
      "WebhookSenderFunctionSqsEventSource<stack>WebhooksQueue",
    ];
    expect(onlyProd.map((id) => unnamed(id, "Marketplace")).sort()).toEqual(expected);
    expect(onlyStaging.map((id) => unnamed(id, "Marketplacestaging")).sort()).toEqual(expected);
  });
});
