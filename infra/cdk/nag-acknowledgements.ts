import { type CfnElement, DefaultStackSynthesizer, type Stack, Token, Validations } from "aws-cdk-lib";
import type { HttpApi } from "aws-cdk-lib/aws-apigatewayv2";
import type { Distribution } from "aws-cdk-lib/aws-cloudfront";
import type { Bucket } from "aws-cdk-lib/aws-s3";
import type { Secret } from "aws-cdk-lib/aws-secretsmanager";
import type { Queue } from "aws-cdk-lib/aws-sqs";
import type { DashboardHosting } from "./constructs/dashboard-hosting.js";

/** Constructs whose cdk-nag findings are acknowledged, each with its reason. */
export interface AcknowledgedConstructs {
  readonly masterSecret: Secret;
  readonly paymentCallbackSecret: Secret;
  readonly cdn: Distribution;
  readonly api: HttpApi;
  readonly accessLogs: Bucket;
  readonly outboxDeadLetter: Queue;
  readonly catalogueDeadLetter: Queue;
  readonly dashboard: DashboardHosting;
}

/** Every AwsSolutions finding we accept, with the reason we accept it; anything new fails synth. */
export const acknowledgeStackFindings = (stack: Stack, c: AcknowledgedConstructs): void => {
  Validations.of(c.masterSecret).acknowledge({
    id: "AwsSolutions-SMG4",
    reason:
      "API keys and TOTP secrets are sealed with a key derived from this secret; automatic rotation would make them unreadable. Rotation is an operator procedure that re-seals them (README, Operations).",
  });
  Validations.of(c.paymentCallbackSecret).acknowledge({
    id: "AwsSolutions-SMG4",
    reason:
      "The payment provider issues this secret; it changes when the provider rotates it, and the operator then sets the new value.",
  });
  Validations.of(c.cdn).acknowledge({
    id: "AwsSolutions-CFR1",
    reason:
      "The marketplace sells worldwide; images carry no regional licensing, so no geo restriction applies.",
  });
  Validations.of(c.cdn).acknowledge({
    id: "AwsSolutions-CFR2",
    reason:
      "The CDN serves static, public images from a private bucket through OAC; there is no application logic for a WAF to protect. Operators attach a web ACL when they add a custom domain.",
  });
  Validations.of(c.cdn).acknowledge({
    id: "AwsSolutions-CFR4",
    reason:
      "The default CloudFront certificate cannot pin TLS 1.2; operators who add a custom domain set its certificate and a TLSv1.2_2021 policy.",
  });
  Validations.of(c.accessLogs).acknowledge({
    id: "W3045",
    reason:
      "CloudFront standard logging can only deliver to a bucket with ACLs enabled; the bucket blocks public access.",
  });
  Validations.of(c.outboxDeadLetter).acknowledge({
    id: "AwsSolutions-SQS3",
    reason:
      "This queue is the dead-letter destination of the outbox stream's event source mapping (records that could not be forwarded in 24 hours); the rule only recognises queue-to-queue redrive.",
  });
  Validations.of(c.catalogueDeadLetter).acknowledge({
    id: "AwsSolutions-SQS3",
    reason:
      "This queue is the dead-letter destination of the catalogue indexer's stream event source mapping (product records it could not index within its retries or 24 hours); the rule only recognises queue-to-queue redrive.",
  });
  Validations.of(c.api).acknowledge({
    id: "AwsSolutions-APIG4",
    reason:
      "Every route except the API-key token exchange is authorised inside its Lambda by the shared middleware (HS256 JWT, audience per API version), so both APIs keep their own 401 envelope, which an API Gateway authorizer cannot produce.",
  });
  Validations.of(stack).acknowledge({
    id: "AwsSolutions-IAM5[Resource::<TableCD117FA1.Arn>/index/*]",
    reason:
      "Functions query the table's global secondary indexes (seller's products and orders, public catalogue); the wildcard covers only this table's indexes.",
  });
  acknowledgeDashboardFindings(stack, c.dashboard);
  for (const prefix of ["products", "sellers"]) {
    Validations.of(stack).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<Images2D38C313.Arn>/${prefix}/*]`,
      reason: `Image objects get unguessable keys at upload time, so the grant covers the ${prefix}/ prefix of the image bucket, with PutObject and DeleteObject only.`,
    });
  }
};

/**
 * The dashboard's findings: its distribution's, as the image CDN's, and those of the Lambda function that
 * aws-s3-deployment creates once per stack to copy the build into its bucket (its runtime and the grants it
 * adds to the role we give it are CDK's, not ours to narrow).
 */
export const acknowledgeDashboardFindings = (stack: Stack, dashboard: DashboardHosting): void => {
  const cdn = Validations.of(dashboard.distribution);
  cdn.acknowledge({
    id: "AwsSolutions-CFR1",
    reason: "Sellers sign in from anywhere the marketplace sells; the dashboard has no regional restriction.",
  });
  cdn.acknowledge({
    id: "AwsSolutions-CFR2",
    reason:
      "The distribution serves the dashboard's static files and passes /api/* to the HTTP API, which keeps its own stage and route throttles and authorises every request in its Lambdas, as when called directly. Operators attach a web ACL when they add a custom domain.",
  });
  cdn.acknowledge({
    id: "AwsSolutions-CFR3",
    reason:
      "Standard logs record each request's whole path, and the dashboard delivers orders through /api/v1/orders/delivery/<one-time token>: the API's access log (route keys, never paths) records every /api/* request instead, and the static files carry nothing to audit.",
  });
  cdn.acknowledge({
    id: "AwsSolutions-CFR4",
    reason:
      "The default CloudFront certificate of the distribution's own domain cannot pin TLS 1.2; operators who add a custom domain set its certificate and a TLSv1.2_2021 policy.",
  });

  Validations.of(dashboard.deployer).acknowledge({
    id: "AwsSolutions-L1",
    reason:
      "aws-s3-deployment sets its function's Python runtime itself (no prop chooses it); it moves forward with aws-cdk-lib upgrades.",
  });
  // The grants aws-s3-deployment writes for a BucketDeployment, which no prop narrows: read the build's
  // asset, replace the dashboard bucket's objects, and invalidate the distribution.
  const filesArn = `<${stack.getLogicalId(dashboard.bucket.node.defaultChild as CfnElement)}.Arn>`;
  // The bootstrap asset bucket's name holds the account and region: as cdk-nag prints them, a placeholder
  // when the stack's environment leaves them to deploy time (`cdk synth` knows the CLI's region).
  const known = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<${pseudo}>` : value);
  const qualifier: unknown =
    stack.node.tryGetContext("@aws-cdk/core:bootstrapQualifier") ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
  const assetObjects = `arn:<AWS::Partition>:s3:::cdk-${String(qualifier)}-assets-${known(stack.account, "AWS::AccountId")}-${known(stack.region, "AWS::Region")}/*`;
  const wildcards: Readonly<Record<string, string>> = {
    "Action::s3:GetObject*":
      "aws-s3-deployment's function reads the build's asset and the dashboard bucket's objects (object, ACL, tags, versions).",
    "Action::s3:GetBucket*":
      "aws-s3-deployment's function reads the location and settings of the asset and dashboard buckets.",
    "Action::s3:List*":
      "aws-s3-deployment's function lists the dashboard bucket's objects to sync and prune them.",
    "Action::s3:DeleteObject*":
      "aws-s3-deployment's function prunes the page deployment's outdated files from the dashboard bucket.",
    "Action::s3:Abort*":
      "aws-s3-deployment's function aborts its own failed multipart uploads to the dashboard bucket.",
    [`Resource::${assetObjects}`]:
      "aws-s3-deployment's function reads the dashboard build's asset, whose key is a content hash known only at synth; the grant is read-only on CDK's bootstrap asset bucket.",
    [`Resource::${filesArn}/*`]:
      "aws-s3-deployment's function writes the objects of the dashboard bucket, which holds nothing but the dashboard's build.",
    "Resource::*":
      "aws-s3-deployment grants its function cloudfront:CreateInvalidation and GetInvalidation on every distribution; the only distribution it is given is the dashboard's, and those actions read or change no content.",
  };
  const role = Validations.of(dashboard.deployerRole);
  for (const [finding, reason] of Object.entries(wildcards)) {
    role.acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason });
  }
};
