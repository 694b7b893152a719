import { Role, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { describe, expect, it } from "vitest";
import { MarketplaceData } from "../../../../infra/cdk/constructs/data.js";
import type { FunctionPermissions } from "../../../../infra/cdk/permissions.js";
import { tableSchema } from "../../../../shared/data/table-schema.js";
import { bareStack, deployedLogicalResources, ownResources, type Statement } from "../template-view.js";

const build = () => {
  const stack = bareStack();
  return { stack, data: new MarketplaceData(stack) };
};
/** The synthesized resources of a stack holding only the data construct. */
const synthesized = () => ownResources(build().stack);

const tableArn = { "Fn::GetAtt": ["TableCD117FA1", "Arn"] };
const tableIndexesArn = { "Fn::Join": ["", [tableArn, "/index/*"]] };
const readActions = [
  "dynamodb:GetItem",
  "dynamodb:BatchGetItem",
  "dynamodb:Query",
  "dynamodb:ConditionCheckItem",
];
const writeActions = ["dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem"];
const secretRead = ["secretsmanager:GetSecretValue"];
const denyWithoutTls = (bucketId: string) => ({
  Action: "s3:*",
  Condition: { Bool: { "aws:SecureTransport": "false" } },
  Effect: "Deny",
  Principal: { AWS: "*" },
  Resource: [
    { "Fn::GetAtt": [bucketId, "Arn"] },
    { "Fn::Join": ["", [{ "Fn::GetAtt": [bucketId, "Arn"] }, "/*"]] },
  ],
});

describe("MarketplaceData", () => {
  it("owns exactly the table, two secrets, the access-log and image buckets with their policies, and the CDN with its origin access control, each under its deployed logical ID", () => {
    const expected = {
      AccessLogs8B620ECA: "AWS::S3::Bucket",
      AccessLogsPolicyABDC4D2D: "AWS::S3::BucketPolicy",
      ImageCdn2F3EFA6B: "AWS::CloudFront::Distribution",
      ImageCdnOrigin1S3OriginAccessControl1A2F7889: "AWS::CloudFront::OriginAccessControl",
      Images2D38C313: "AWS::S3::Bucket",
      ImagesPolicyC62327FF: "AWS::S3::BucketPolicy",
      MasterSecretA11BF785: "AWS::SecretsManager::Secret",
      PaymentCallbackSecret97314E16: "AWS::SecretsManager::Secret",
      TableCD117FA1: "AWS::DynamoDB::GlobalTable",
    };
    expect(synthesized().logicalTypes()).toEqual(expected);
    for (const [id, type] of Object.entries(expected)) expect(deployedLogicalResources[id], id).toBe(type);
  });

  it("the table is an on-demand TableV2 keyed, indexed and projected as tableSchema says, with PITR, deletion protection, a NEW_AND_OLD_IMAGES stream, TTL, and is retained on delete and replace", () => {
    const table = synthesized().byId("TableCD117FA1");
    const keyAttributes = [
      tableSchema.partitionKey,
      tableSchema.sortKey,
      ...tableSchema.globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
    ];
    expect(table.properties).toEqual({
      AttributeDefinitions: keyAttributes.map((name) => ({ AttributeName: name, AttributeType: "S" })),
      BillingMode: "PAY_PER_REQUEST",
      KeySchema: [
        { AttributeName: tableSchema.partitionKey, KeyType: "HASH" },
        { AttributeName: tableSchema.sortKey, KeyType: "RANGE" },
      ],
      GlobalSecondaryIndexes: tableSchema.globalIndexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: "HASH" },
          { AttributeName: index.sortKey, KeyType: "RANGE" },
        ],
        Projection:
          index.projection.type === "INCLUDE"
            ? { ProjectionType: "INCLUDE", NonKeyAttributes: [...index.projection.attributes] }
            : { ProjectionType: "KEYS_ONLY" },
      })),
      Replicas: [
        {
          DeletionProtectionEnabled: true,
          GlobalSecondaryIndexes: tableSchema.globalIndexes.map((index) => ({ IndexName: index.name })),
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          Region: { Ref: "AWS::Region" },
        },
      ],
      StreamSpecification: { StreamViewType: "NEW_AND_OLD_IMAGES" },
      TimeToLiveSpecification: { AttributeName: tableSchema.ttlAttribute, Enabled: true },
    });
    expect([table.deletionPolicy, table.updateReplacePolicy]).toEqual(["Retain", "Retain"]);
  });

  it("the master and payment-callback secrets are generated as 64 letters and digits (no punctuation, no space)", () => {
    const view = synthesized();
    const generated = { ExcludePunctuation: true, IncludeSpace: false, PasswordLength: 64 };
    expect(view.byId("MasterSecretA11BF785").properties).toEqual({
      Description:
        "Marketplace master secret: access-token signing and data-encryption keys are derived from it",
      GenerateSecretString: generated,
    });
    expect(view.byId("PaymentCallbackSecret97314E16").properties).toEqual({
      Description: "Shared secret of the payment provider's signed callbacks; set it to the provider's value",
      GenerateSecretString: generated,
    });
  });

  it("both buckets are private, S3-encrypted, TLS-only and retained; the image bucket logs to the access-log bucket, which expires logs after 90 days and accepts CloudFront's ACL writes", () => {
    const view = synthesized();
    const privateBucket = {
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: "AES256" } }],
      },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    };
    const accessLogs = view.byId("AccessLogs8B620ECA");
    expect(accessLogs.properties).toEqual({
      ...privateBucket,
      AccessControl: "LogDeliveryWrite",
      LifecycleConfiguration: { Rules: [{ ExpirationInDays: 90, Status: "Enabled" }] },
      OwnershipControls: { Rules: [{ ObjectOwnership: "BucketOwnerPreferred" }] },
    });
    const images = view.byId("Images2D38C313");
    expect(images.properties).toEqual({
      ...privateBucket,
      LoggingConfiguration: {
        DestinationBucketName: { Ref: "AccessLogs8B620ECA" },
        LogFilePrefix: "images-bucket/",
      },
    });
    for (const bucket of [accessLogs, images]) {
      expect([bucket.deletionPolicy, bucket.updateReplacePolicy], bucket.logicalId).toEqual([
        "Retain",
        "Retain",
      ]);
    }
    expect(view.byId("AccessLogsPolicyABDC4D2D").properties).toEqual({
      Bucket: { Ref: "AccessLogs8B620ECA" },
      PolicyDocument: { Statement: [denyWithoutTls("AccessLogs8B620ECA")], Version: "2012-10-17" },
    });
  });

  it("the image bucket allows s3:GetObject only to CloudFront on behalf of the image CDN, besides refusing plain HTTP", () => {
    expect(synthesized().byId("ImagesPolicyC62327FF").properties).toEqual({
      Bucket: { Ref: "Images2D38C313" },
      PolicyDocument: {
        Statement: [
          denyWithoutTls("Images2D38C313"),
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
                      { Ref: "ImageCdn2F3EFA6B" },
                    ],
                  ],
                },
              },
            },
            Effect: "Allow",
            Principal: { Service: "cloudfront.amazonaws.com" },
            Resource: { "Fn::Join": ["", [{ "Fn::GetAtt": ["Images2D38C313", "Arn"] }, "/*"]] },
          },
        ],
        Version: "2012-10-17",
      },
    });
  });

  it("the CDN serves the image bucket over HTTPS through its signed origin access control and logs to the access-log bucket under image-cdn/", () => {
    const view = synthesized();
    const oac = view.byId("ImageCdnOrigin1S3OriginAccessControl1A2F7889");
    expect(oac.properties).toEqual({
      OriginAccessControlConfig: {
        Name: expect.stringMatching(/^MarketplaceImageCdnOrigin1S3OriginAccessControl/),
        OriginAccessControlOriginType: "s3",
        SigningBehavior: "always",
        SigningProtocol: "sigv4",
      },
    });
    const originId = "MarketplaceImageCdnOrigin19DFC22C9";
    expect(view.byId("ImageCdn2F3EFA6B").properties).toEqual({
      DistributionConfig: {
        Comment: "Marketplace product and seller images",
        DefaultCacheBehavior: {
          // The managed CachingOptimized policy.
          CachePolicyId: "658327ea-f89d-4fab-a63d-7e88639e58f6",
          Compress: true,
          // The managed SecurityHeadersPolicy (nosniff, HSTS, X-Frame-Options, Referrer-Policy).
          ResponseHeadersPolicyId: "67f7725c-6f97-4210-82d7-5512b31e9d03",
          TargetOriginId: originId,
          ViewerProtocolPolicy: "redirect-to-https",
        },
        Enabled: true,
        HttpVersion: "http2",
        IPV6Enabled: true,
        Logging: {
          Bucket: { "Fn::GetAtt": ["AccessLogs8B620ECA", "RegionalDomainName"] },
          Prefix: "image-cdn/",
        },
        Origins: [
          {
            DomainName: { "Fn::GetAtt": ["Images2D38C313", "RegionalDomainName"] },
            Id: originId,
            OriginAccessControlId: { "Fn::GetAtt": [oac.logicalId, "Id"] },
            S3OriginConfig: { OriginAccessIdentity: "" },
          },
        ],
      },
    });
  });

  it("baseEnvironment is exactly TABLE_NAME and MASTER_SECRET_ARN, tableEnvironment exactly TABLE_NAME, and imageBaseUrl is the CDN's HTTPS domain", () => {
    const { stack, data } = build();
    expect(stack.resolve(data.baseEnvironment)).toEqual({
      TABLE_NAME: { Ref: "TableCD117FA1" },
      MASTER_SECRET_ARN: { Ref: "MasterSecretA11BF785" },
    });
    expect(stack.resolve(data.tableEnvironment)).toEqual({ TABLE_NAME: { Ref: "TableCD117FA1" } });
    expect(stack.resolve(data.imageBaseUrl)).toEqual({
      "Fn::Join": ["", ["https://", { "Fn::GetAtt": ["ImageCdn2F3EFA6B", "DomainName"] }]],
    });
  });

  describe("grant gives a role exactly what its permission profile allows, statement by statement", () => {
    const cases: [string, FunctionPermissions, Statement[]][] = [
      [
        "table none, no secret, no images: no statement and no policy at all",
        { table: "none", masterSecret: false, images: false },
        [],
      ],
      [
        "read-keys: GetItem on the table only (no index, no query, no write)",
        { table: "read-keys", masterSecret: false, images: false },
        [{ effect: "Allow", actions: ["dynamodb:GetItem"], resources: [tableArn] }],
      ],
      [
        "exchange-keys: GetItem on the table, and UpdateItem only on the token exchange's abuse-limit partitions",
        { table: "exchange-keys", masterSecret: false, images: false },
        [
          { effect: "Allow", actions: ["dynamodb:GetItem"], resources: [tableArn] },
          {
            effect: "Allow",
            actions: ["dynamodb:UpdateItem"],
            resources: [tableArn],
            condition: {
              "ForAllValues:StringLike": {
                "dynamodb:LeadingKeys": ["LIMIT#EXCHANGE#key#*", "LIMIT#EXCHANGE#address#*"],
              },
            },
          },
        ],
      ],
      [
        "read: the four item-read actions on the table and its indexes, no write and no stream",
        { table: "read", masterSecret: false, images: false },
        [{ effect: "Allow", actions: readActions, resources: [tableArn, tableIndexesArn] }],
      ],
      [
        "read-write: item reads and writes on the table and its indexes, no stream",
        { table: "read-write", masterSecret: false, images: false },
        [
          {
            effect: "Allow",
            actions: [...readActions, ...writeActions],
            resources: [tableArn, tableIndexesArn],
          },
        ],
      ],
      [
        "masterSecret: reads the master secret only",
        { table: "none", masterSecret: true, images: false },
        [{ effect: "Allow", actions: secretRead, resources: [{ Ref: "MasterSecretA11BF785" }] }],
      ],
      [
        "paymentCallbackSecret: reads the payment callback secret only",
        { table: "none", masterSecret: false, images: false, paymentCallbackSecret: true },
        [{ effect: "Allow", actions: secretRead, resources: [{ Ref: "PaymentCallbackSecret97314E16" }] }],
      ],
      [
        "images: PutObject and DeleteObject under its own prefix of the image bucket",
        { table: "none", masterSecret: false, images: "sellers" },
        [
          {
            effect: "Allow",
            actions: ["s3:PutObject", "s3:DeleteObject"],
            resources: [{ "Fn::Join": ["", [{ "Fn::GetAtt": ["Images2D38C313", "Arn"] }, "/sellers/*"]] }],
          },
        ],
      ],
      [
        "everything at once, in the order table, master secret, callback secret, images",
        { table: "read-keys", masterSecret: true, images: "products", paymentCallbackSecret: true },
        [
          { effect: "Allow", actions: ["dynamodb:GetItem"], resources: [tableArn] },
          { effect: "Allow", actions: secretRead, resources: [{ Ref: "MasterSecretA11BF785" }] },
          { effect: "Allow", actions: secretRead, resources: [{ Ref: "PaymentCallbackSecret97314E16" }] },
          {
            effect: "Allow",
            actions: ["s3:PutObject", "s3:DeleteObject"],
            resources: [{ "Fn::Join": ["", [{ "Fn::GetAtt": ["Images2D38C313", "Arn"] }, "/products/*"]] }],
          },
        ],
      ],
    ];

    it.each(cases)("%s", (_rule, permissions, expected) => {
      const { stack, data } = build();
      const role = new Role(stack, "ProbeRole", { assumedBy: new ServicePrincipal("lambda.amazonaws.com") });
      data.grant(role, permissions);
      const view = ownResources(stack);
      expect(view.statementsOf("Probe")).toEqual(expected);
      // No policy at all when nothing is granted; otherwise one policy, on this role only.
      expect(view.ofType("AWS::IAM::Policy")).toHaveLength(expected.length === 0 ? 0 : 1);
    });
  });
});
