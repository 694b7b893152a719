import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { App, Stack, Validations } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { HttpApi } from "aws-cdk-lib/aws-apigatewayv2";
import { AwsSolutionsChecks } from "cdk-nag";
import { beforeAll, describe, expect, it } from "vitest";
import { DashboardHosting } from "../../../../infra/cdk/constructs/dashboard-hosting.js";
import { MarketplaceData } from "../../../../infra/cdk/constructs/data.js";
import { acknowledgeDashboardFindings } from "../../../../infra/cdk/nag-acknowledgements.js";
import {
  asArray,
  asJson,
  asString,
  bareStack,
  deployedLogicalResources,
  ownResources,
  type TemplateView,
} from "../template-view.js";

/** The construct's dependencies as the stack builds them: the data construct and the HTTP API. */
const dependencies = (stack: Stack) => ({
  data: new MarketplaceData(stack),
  httpApi: new HttpApi(stack, "Api", { createDefaultStage: false }),
});

const bucketId = "DashboardFiles0F68B4E0";
const distributionId = "DashboardCdn2DA4E99A";
const oacId = "DashboardCdnOrigin1S3OriginAccessControl292C1863";
const headersId = "DashboardHeaders513F9B3A";
const pathsId = "DashboardPathsD1ADB5BF";
/** aws-s3-deployment's function, one per stack: its construct id is its purpose and a fixed UUID. */
const deployerFunctionId = "CustomCDKBucketDeployment8693BB64968944B69AAFB0CC9EB8756C81C01536";
const deployerRoleId = "DashboardDeployerRoleEEC105B8";
const deployerLogsId = "DashboardDeployerLogs34128350";
const hashedDeploymentId = "DashboardHashedFilesCustomResource808264F6";
const pageDeploymentId = "DashboardPageCustomResource4F224FCE";
const s3Origin = "MarketplaceDashboardCdnOrigin1192140AC";
const apiOrigin = "MarketplaceDashboardCdnOrigin2F8B84B0E";
const bucketArn = { "Fn::GetAtt": [bucketId, "Arn"] };
const bucketObjects = { "Fn::Join": ["", [bucketArn, "/*"]] };
/** The CDK bootstrap bucket the build's asset is uploaded to. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: CloudFormation's Fn::Sub syntax, not a JavaScript template.
const assetBucket = { "Fn::Sub": "cdk-hnb659fds-assets-${AWS::AccountId}-${AWS::Region}" };

let hosting: DashboardHosting;
let stack: Stack;
/** The construct's own resources: its dependencies are built in a second stack and left out. */
let view: TemplateView;
let template: Record<string, unknown>;

beforeAll(() => {
  stack = bareStack();
  hosting = new DashboardHosting(stack, dependencies(stack));
  const theirs = bareStack();
  dependencies(theirs);
  view = ownResources(stack, theirs);
  template = asJson(Template.fromStack(stack).toJSON(), "template");
});

/** The handler of the distribution's viewer-request function, evaluated from the template's code. */
const pathsHandler = (): ((event: unknown) => unknown) => {
  const code = asString(view.byId(pathsId).properties.FunctionCode, "FunctionCode");
  const handler: unknown = runInNewContext(`${code}\nhandler`);
  if (typeof handler !== "function") throw new Error("the function code defines no handler");
  return (event) => handler(event);
};

/** A viewer request for `uri`, as CloudFront hands it to a function. */
const viewerRequest = (uri: string) => ({
  version: "1.0",
  context: { eventType: "viewer-request" },
  viewer: { ip: "192.0.2.1" },
  request: { method: "GET", uri, querystring: {}, headers: {}, cookies: {} },
});

describe("DashboardHosting", () => {
  it("owns exactly its bucket and policy, the distribution with its origin access control, headers policy and path function, the two deployments with their CLI layers, and aws-s3-deployment's function with the role, policy and log group we give it, each under its pinned logical ID", () => {
    const expected = {
      [deployerFunctionId]: "AWS::Lambda::Function",
      [distributionId]: "AWS::CloudFront::Distribution",
      [oacId]: "AWS::CloudFront::OriginAccessControl",
      [bucketId]: "AWS::S3::Bucket",
      [deployerLogsId]: "AWS::Logs::LogGroup",
      [deployerRoleId]: "AWS::IAM::Role",
      DashboardDeployerRoleDefaultPolicy83D7B01B: "AWS::IAM::Policy",
      DashboardFilesPolicyC361373D: "AWS::S3::BucketPolicy",
      DashboardHashedFilesAwsCliLayerF4E1B8B0: "AWS::Lambda::LayerVersion",
      [hashedDeploymentId]: "Custom::CDKBucketDeployment",
      [headersId]: "AWS::CloudFront::ResponseHeadersPolicy",
      DashboardPageAwsCliLayer2FDCBD19: "AWS::Lambda::LayerVersion",
      [pageDeploymentId]: "Custom::CDKBucketDeployment",
      [pathsId]: "AWS::CloudFront::Function",
    };
    expect(view.logicalTypes()).toEqual(expected);
    for (const [id, type] of Object.entries(expected)) expect(deployedLogicalResources[id], id).toBe(type);
  });

  it("the bucket blocks all public access, is S3-encrypted, logs to the access-log bucket under dashboard-bucket/ and is retained", () => {
    const bucket = view.byId(bucketId);
    expect(bucket.properties).toEqual({
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: "AES256" } }],
      },
      LoggingConfiguration: {
        DestinationBucketName: { Ref: "AccessLogs8B620ECA" },
        LogFilePrefix: "dashboard-bucket/",
      },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      // aws-s3-deployment marks the key prefix its two deployments own.
      Tags: [
        { Key: "aws-cdk:cr-owned:dashboard/:3cf3ffb2", Value: "true" },
        { Key: "aws-cdk:cr-owned:dashboard/:a7611ae9", Value: "true" },
      ],
    });
    expect([bucket.deletionPolicy, bucket.updateReplacePolicy]).toEqual(["Retain", "Retain"]);
  });

  it("the bucket policy refuses every request without TLS and lets only this distribution read objects, through its origin access control", () => {
    expect(view.byId("DashboardFilesPolicyC361373D").properties).toEqual({
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: [
          {
            Action: "s3:*",
            Condition: { Bool: { "aws:SecureTransport": "false" } },
            Effect: "Deny",
            Principal: { AWS: "*" },
            Resource: [bucketArn, bucketObjects],
          },
          {
            Action: "s3:GetObject",
            Condition: {
              StringEquals: {
                "AWS:SourceArn": {
                  "Fn::Join": [
                    "",
                    [
                      "arn:",
                      { Ref: "AWS::Partition" },
                      ":cloudfront::",
                      { Ref: "AWS::AccountId" },
                      ":distribution/",
                      { Ref: distributionId },
                    ],
                  ],
                },
              },
            },
            Effect: "Allow",
            Principal: { Service: "cloudfront.amazonaws.com" },
            Resource: bucketObjects,
          },
        ],
        Version: "2012-10-17",
      },
    });
    expect(view.byId(oacId).properties).toEqual({
      OriginAccessControlConfig: {
        Name: "MarketplaceDashboardCdnOrigin1S3OriginAccessControl2015E188",
        OriginAccessControlOriginType: "s3",
        SigningBehavior: "always",
        SigningProtocol: "sigv4",
      },
    });
  });

  it("the distribution serves the bucket by default (HTTPS, cached by CachingOptimized, the dashboard's headers and path function) and /api/* from the HTTP API's own domain: every method, caching disabled, every viewer header but Host forwarded; no standard logs, which would record delivery tokens in paths", () => {
    expect(view.byId(distributionId).properties).toEqual({
      DistributionConfig: {
        CacheBehaviors: [
          {
            AllowedMethods: ["GET", "HEAD", "OPTIONS", "PUT", "PATCH", "POST", "DELETE"],
            // The managed CachingDisabled policy.
            CachePolicyId: "4135ea2d-6df8-44a3-9df3-4b5a84be39ad",
            Compress: true,
            // The managed AllViewerExceptHostHeader policy.
            OriginRequestPolicyId: "b689b0a8-53d0-40ab-baf2-68738e2966ac",
            PathPattern: "/api/*",
            TargetOriginId: apiOrigin,
            ViewerProtocolPolicy: "https-only",
          },
        ],
        Comment: "Marketplace seller dashboard, with the API under /api/*",
        DefaultCacheBehavior: {
          // The managed CachingOptimized policy.
          CachePolicyId: "658327ea-f89d-4fab-a63d-7e88639e58f6",
          Compress: true,
          FunctionAssociations: [
            { EventType: "viewer-request", FunctionARN: { "Fn::GetAtt": [pathsId, "FunctionARN"] } },
          ],
          ResponseHeadersPolicyId: { Ref: headersId },
          TargetOriginId: s3Origin,
          ViewerProtocolPolicy: "redirect-to-https",
        },
        Enabled: true,
        HttpVersion: "http2",
        IPV6Enabled: true,
        Origins: [
          {
            DomainName: { "Fn::GetAtt": [bucketId, "RegionalDomainName"] },
            Id: s3Origin,
            OriginAccessControlId: { "Fn::GetAtt": [oacId, "Id"] },
            S3OriginConfig: { OriginAccessIdentity: "" },
          },
          {
            CustomOriginConfig: { OriginProtocolPolicy: "https-only", OriginSSLProtocols: ["TLSv1.2"] },
            // The host of https://<id>.execute-api.<region>.amazonaws.com, the HTTP API's endpoint.
            DomainName: {
              "Fn::Select": [2, { "Fn::Split": ["/", { "Fn::GetAtt": ["ApiF70053CD", "ApiEndpoint"] }] }],
            },
            Id: apiOrigin,
          },
        ],
      },
    });
  });

  it("the response headers policy sends the dashboard's CSP with the image CDN's origin for images, nosniff, no referrer and two years of HSTS, over whatever the origin sent", () => {
    expect(view.byId(headersId).properties).toEqual({
      ResponseHeadersPolicyConfig: {
        Comment: "Seller dashboard: strict CSP (images also from the image CDN), nosniff, no referrer, HSTS",
        Name: "MarketplaceDashboardHeaders12C4165D",
        SecurityHeadersConfig: {
          ContentSecurityPolicy: {
            ContentSecurityPolicy: {
              "Fn::Join": [
                "",
                [
                  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob: https://",
                  { "Fn::GetAtt": ["ImageCdn2F3EFA6B", "DomainName"] },
                  "; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
                ],
              ],
            },
            Override: true,
          },
          ContentTypeOptions: { Override: true },
          ReferrerPolicy: { Override: true, ReferrerPolicy: "no-referrer" },
          StrictTransportSecurity: {
            AccessControlMaxAgeSec: 63_072_000,
            IncludeSubdomains: true,
            Override: true,
          },
        },
      },
    });
  });

  it("the viewer-request function (cloudfront-js-2.0) redirects /dashboard to /dashboard/ with a 308, answers /dashboard/ with dashboard/index.html and passes every other path through unchanged", () => {
    expect(asJson(view.byId(pathsId).properties.FunctionConfig, "FunctionConfig")).toEqual({
      Comment: "Seller dashboard: /dashboard/ answers its page, /dashboard redirects to /dashboard/",
      Runtime: "cloudfront-js-2.0",
    });
    const handler = pathsHandler();
    expect(handler(viewerRequest("/dashboard"))).toEqual({
      statusCode: 308,
      statusDescription: "Permanent Redirect",
      headers: { location: { value: "/dashboard/" } },
    });
    expect(handler(viewerRequest("/dashboard/"))).toEqual({
      ...viewerRequest("/dashboard/index.html").request,
    });
    for (const uri of ["/dashboard/assets/index-AbC123.js", "/dashboard/index.html", "/", "/dashboardx"]) {
      expect(handler(viewerRequest(uri)), uri).toEqual(viewerRequest(uri).request);
    }
  });

  it("deploys the build under dashboard/: first the hashed assets/ files, cached a year and never pruned, then every other file, revalidated on each load, pruned, and invalidating /dashboard/* on this distribution", () => {
    const resources = asJson(template.Resources, "Resources");
    const deployment = (id: string) => asJson(resources[id], id);
    const common = {
      ServiceToken: { "Fn::GetAtt": [deployerFunctionId, "Arn"] },
      SourceBucketNames: [assetBucket],
      DestinationBucketName: { Ref: bucketId },
      DestinationBucketKeyPrefix: "dashboard/",
      WaitForDistributionInvalidation: true,
      OutputObjectKeys: false,
    };
    const hashed = deployment(hashedDeploymentId);
    expect(hashed.Properties).toEqual({
      ...common,
      SourceObjectKeys: [expect.stringMatching(/^[0-9a-f]{64}\.zip$/)],
      Prune: false,
      Exclude: ["*"],
      Include: ["assets/*"],
      SystemMetadata: { "cache-control": "public, max-age=31536000, immutable" },
    });
    const page = deployment(pageDeploymentId);
    expect(page.Properties).toEqual({
      ...common,
      // The same build as the hashed files'.
      SourceObjectKeys: asJson(hashed.Properties, "Properties").SourceObjectKeys,
      Prune: true,
      Exclude: ["assets/*"],
      SystemMetadata: { "cache-control": "no-cache" },
      DistributionId: { Ref: distributionId },
      DistributionPaths: ["/dashboard/*"],
    });
    expect(asArray(page.DependsOn, "DependsOn")).toContain(hashedDeploymentId);
    expect(hashed.DependsOn).toBeUndefined();
  });

  it("aws-s3-deployment's function runs on arm64 with our role, which may write logs only to its own group (kept a month) and otherwise holds only the grants aws-s3-deployment adds: read the asset, write the dashboard bucket, invalidate", () => {
    const fn = view.byId(deployerFunctionId);
    expect(fn.properties).toMatchObject({
      Architectures: ["arm64"],
      LoggingConfig: { LogGroup: { Ref: deployerLogsId } },
      Role: { "Fn::GetAtt": [deployerRoleId, "Arn"] },
      Timeout: 900,
    });
    expect(view.byId(deployerLogsId).properties).toEqual({ RetentionInDays: 30 });
    expect(view.byId(deployerRoleId).properties).toEqual({
      AssumeRolePolicyDocument: {
        Statement: [
          { Action: "sts:AssumeRole", Effect: "Allow", Principal: { Service: "lambda.amazonaws.com" } },
        ],
        Version: "2012-10-17",
      },
      Description: "Execution role of the seller dashboard's deployment (aws-s3-deployment)",
    });
    const assetBucketArn = (suffix: string) => ({
      "Fn::Join": [
        "",
        ["arn:", { Ref: "AWS::Partition" }, ":s3:::", assetBucket, ...(suffix ? [suffix] : [])],
      ],
    });
    expect(view.byId("DashboardDeployerRoleDefaultPolicy83D7B01B").properties).toEqual({
      PolicyDocument: {
        Statement: [
          {
            Action: ["logs:CreateLogStream", "logs:PutLogEvents"],
            Effect: "Allow",
            Resource: { "Fn::GetAtt": [deployerLogsId, "Arn"] },
          },
          {
            Action: ["s3:GetObject*", "s3:GetBucket*", "s3:List*"],
            Effect: "Allow",
            Resource: [assetBucketArn(""), assetBucketArn("/*")],
          },
          {
            Action: [
              "s3:GetObject*",
              "s3:GetBucket*",
              "s3:List*",
              "s3:DeleteObject*",
              "s3:PutObject",
              "s3:PutObjectLegalHold",
              "s3:PutObjectRetention",
              "s3:PutObjectTagging",
              "s3:PutObjectVersionTagging",
              "s3:Abort*",
            ],
            Effect: "Allow",
            Resource: [bucketArn, bucketObjects],
          },
          {
            Action: ["cloudfront:GetInvalidation", "cloudfront:CreateInvalidation"],
            Effect: "Allow",
            Resource: "*",
          },
        ],
        Version: "2012-10-17",
      },
      PolicyName: "DashboardDeployerRoleDefaultPolicy83D7B01B",
      Roles: [{ Ref: deployerRoleId }],
    });
    expect(stack.resolve(hosting.deployer.functionArn)).toEqual({
      "Fn::GetAtt": [deployerFunctionId, "Arn"],
    });
  });

  it("the dashboard's address is https://<distribution domain>/dashboard/", () => {
    expect(stack.resolve(hosting.url)).toEqual({
      "Fn::Join": ["", ["https://", { "Fn::GetAtt": [distributionId, "DomainName"] }, "/dashboard/"]],
    });
  });
});

describe("the dashboard's cdk-nag findings", () => {
  /** The AwsSolutions violations on the dashboard's constructs, after a synth with or without its acknowledgements. */
  const dashboardViolations = (acknowledged: boolean): { rule: string; path: string }[] => {
    const outdir = mkdtempSync(join(tmpdir(), "marketplace-dashboard-nag-"));
    try {
      const app = new App({ context: { "aws:cdk:bundling-stacks": [] }, outdir });
      const probe = new Stack(app, "Marketplace");
      const dashboard = new DashboardHosting(probe, dependencies(probe));
      if (acknowledged) acknowledgeDashboardFindings(probe, dashboard);
      Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
      // The data construct's own findings (acknowledged only in the stack) fail this synth regardless.
      expect(() => app.synth()).toThrow(/validation-report\.json/);
      const report = asJson(
        JSON.parse(readFileSync(join(outdir, "validation-report.json"), "utf8")),
        "report",
      );
      const nag = asArray(report.pluginReports, "pluginReports")
        .map((p) => asJson(p, "plugin report"))
        .find((p) => p.pluginName === "AwsSolutions");
      return asArray(nag?.violations, "violations")
        .flatMap((v) => {
          const violation = asJson(v, "violation");
          return asArray(violation.violatingConstructs, "violatingConstructs").map((c) => ({
            rule: asString(violation.ruleName, "ruleName"),
            path: asString(asJson(c, "violating construct").constructPath, "constructPath"),
          }));
        })
        .filter(({ path }) => /^Marketplace\/(Dashboard|Custom::CDKBucketDeployment)/.test(path))
        .sort((a, b) => `${a.rule} ${a.path}`.localeCompare(`${b.rule} ${b.path}`));
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  };

  it("every acknowledgement answers a finding: unacknowledged, the dashboard has exactly these", () => {
    const cdn = "Marketplace/DashboardCdn/Resource";
    const policy = "Marketplace/DashboardDeployerRole/DefaultPolicy/Resource";
    expect(dashboardViolations(false)).toEqual(
      [
        { rule: "AwsSolutions-CFR1", path: cdn },
        { rule: "AwsSolutions-CFR2", path: cdn },
        { rule: "AwsSolutions-CFR3", path: cdn },
        { rule: "AwsSolutions-CFR4", path: cdn },
        { rule: "AwsSolutions-IAM5[Action::s3:Abort*]", path: policy },
        { rule: "AwsSolutions-IAM5[Action::s3:DeleteObject*]", path: policy },
        { rule: "AwsSolutions-IAM5[Action::s3:GetBucket*]", path: policy },
        { rule: "AwsSolutions-IAM5[Action::s3:GetObject*]", path: policy },
        { rule: "AwsSolutions-IAM5[Action::s3:List*]", path: policy },
        { rule: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/*]`, path: policy },
        { rule: "AwsSolutions-IAM5[Resource::*]", path: policy },
        {
          rule: "AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]",
          path: policy,
        },
        {
          rule: "AwsSolutions-L1",
          path: "Marketplace/Custom::CDKBucketDeployment8693BB64968944B69AAFB0CC9EB8756C/Resource",
        },
      ].sort((a, b) => `${a.rule} ${a.path}`.localeCompare(`${b.rule} ${b.path}`)),
    );
  });

  it("with its acknowledgements the dashboard has no AwsSolutions finding left: no error, no warning", () => {
    expect(dashboardViolations(true)).toEqual([]);
  });
});
