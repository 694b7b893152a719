import { Duration } from "aws-cdk-lib";
import { Distribution, ResponseHeadersPolicy, ViewerProtocolPolicy } from "aws-cdk-lib/aws-cloudfront";
import { S3BucketOrigin } from "aws-cdk-lib/aws-cloudfront-origins";
import { AttributeType, ProjectionType, StreamViewType, TableV2 } from "aws-cdk-lib/aws-dynamodb";
import { type IRole, PolicyStatement } from "aws-cdk-lib/aws-iam";
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from "aws-cdk-lib/aws-s3";
import { Secret } from "aws-cdk-lib/aws-secretsmanager";
import type { Construct } from "constructs";
import { exchangeLimitName, exchangeScopes } from "../../../shared/auth/exchange-limits.js";
import { keys } from "../../../shared/data/table-keys.js";
import { tableSchema } from "../../../shared/data/table-schema.js";
import type { FunctionPermissions } from "../permissions.js";
import { bucketRemoval, dataRemovalPolicy, type MarketplaceStage, marketplaceStage } from "../stage.js";

const tableReadActions = [
  "dynamodb:GetItem",
  "dynamodb:BatchGetItem",
  "dynamodb:Query",
  "dynamodb:ConditionCheckItem",
];
const tableWriteActions = ["dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem"];

/** The partitions of the token exchange's abuse-limit windows, as IAM patterns (see `keys.rateWindow`). */
const exchangeWindowPartitions = exchangeScopes.map(
  (scope) => keys.rateWindow(exchangeLimitName(scope), "*", 0).PK,
);

export interface MarketplaceDataProps {
  /** Whether the table and buckets outlive the stack (the default stage's do); the default stage when absent. */
  readonly stage?: MarketplaceStage;
}

/** The service's state: the table, its two secrets, and the private image bucket behind its CDN. */
export class MarketplaceData {
  /** The stage whose state this is: it decides what is retained when the stack goes. */
  readonly stage: MarketplaceStage;
  readonly table: TableV2;
  readonly paymentCallbackSecret: Secret;
  readonly masterSecret: Secret;
  /** Server access logs of the image bucket and standard logs of the CDN. */
  readonly accessLogs: Bucket;
  readonly images: Bucket;
  readonly cdn: Distribution;

  constructor(scope: Construct, props: MarketplaceDataProps = {}) {
    this.stage = props.stage ?? marketplaceStage();
    this.table = new TableV2(scope, "Table", {
      partitionKey: { name: tableSchema.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableSchema.sortKey, type: AttributeType.STRING },
      globalSecondaryIndexes: tableSchema.globalIndexes.map((index) => ({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        ...(index.projection.type === "INCLUDE"
          ? { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...index.projection.attributes] }
          : { projectionType: ProjectionType.KEYS_ONLY }),
      })),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      dynamoStream: StreamViewType.NEW_AND_OLD_IMAGES,
      timeToLiveAttribute: tableSchema.ttlAttribute,
      // A stage that keeps its data refuses to delete its table; another stage's table goes with its stack.
      deletionProtection: this.stage.retainsData,
      removalPolicy: dataRemovalPolicy(this.stage),
    });

    this.paymentCallbackSecret = new Secret(scope, "PaymentCallbackSecret", {
      description: "Shared secret of the payment provider's signed callbacks; set it to the provider's value",
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
    });
    this.masterSecret = new Secret(scope, "MasterSecret", {
      description:
        "Marketplace master secret: access-token signing and data-encryption keys are derived from it",
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
    });

    // Images: a private bucket, served only through the CDN.
    this.accessLogs = new Bucket(scope, "AccessLogs", {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging writes with ACLs.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      ...bucketRemoval(this.stage),
    });
    this.images = new Bucket(scope, "Images", {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: "images-bucket/",
      ...bucketRemoval(this.stage),
    });
    this.cdn = new Distribution(scope, "ImageCdn", {
      comment: "Marketplace product and seller images",
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.images),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        // The managed security-headers policy: nosniff (an image is never run as HTML), HSTS,
        // X-Frame-Options and Referrer-Policy on every image answer.
        responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
      },
      enableLogging: true,
      logBucket: this.accessLogs,
      logFilePrefix: "image-cdn/",
    });
  }

  /** The HTTPS base URL images are served from. */
  get imageBaseUrl(): string {
    return `https://${this.cdn.distributionDomainName}`;
  }

  /** TABLE_NAME alone: for a function that works on the table but must not read the master secret. */
  get tableEnvironment(): { readonly TABLE_NAME: string } {
    return { TABLE_NAME: this.table.tableName };
  }

  /** TABLE_NAME and MASTER_SECRET_ARN: the environment every function that works on the table gets. */
  get baseEnvironment(): Record<string, string> {
    return { ...this.tableEnvironment, MASTER_SECRET_ARN: this.masterSecret.secretArn };
  }

  /** Gives a role exactly what a permission profile allows on the table, the secrets and the images. */
  grant(role: IRole, permissions: FunctionPermissions): void {
    const tableArn = this.table.tableArn;
    if (permissions.table === "read-keys" || permissions.table === "exchange-keys") {
      // Token exchange reads one item by key: no index, no query.
      role.addToPrincipalPolicy(
        new PolicyStatement({ actions: ["dynamodb:GetItem"], resources: [tableArn] }),
      );
    }
    if (permissions.table === "exchange-keys") {
      // ...and counts itself in the abuse-limit windows: updates of those partitions and no other item.
      role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ["dynamodb:UpdateItem"],
          resources: [tableArn],
          conditions: { "ForAllValues:StringLike": { "dynamodb:LeadingKeys": exchangeWindowPartitions } },
        }),
      );
    }
    if (permissions.table === "read" || permissions.table === "read-write") {
      // Item and index actions only: CDK's grantReadData would add stream reads nobody here needs.
      const actions =
        permissions.table === "read" ? tableReadActions : [...tableReadActions, ...tableWriteActions];
      role.addToPrincipalPolicy(
        new PolicyStatement({ actions, resources: [tableArn, `${tableArn}/index/*`] }),
      );
    }
    // Only the value: `grantRead` would add DescribeSecret, which no code calls (the IAM check's finding).
    const readValue = (secret: Secret) =>
      role.addToPrincipalPolicy(
        new PolicyStatement({ actions: ["secretsmanager:GetSecretValue"], resources: [secret.secretArn] }),
      );
    if (permissions.masterSecret) readValue(this.masterSecret);
    if (permissions.paymentCallbackSecret) readValue(this.paymentCallbackSecret);
    if (permissions.images) {
      // Uploads write and replace objects under the group's own prefix; nothing lists or reads the bucket.
      role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ["s3:PutObject", "s3:DeleteObject"],
          resources: [this.images.arnForObjects(`${permissions.images}/*`)],
        }),
      );
    }
  }
}
