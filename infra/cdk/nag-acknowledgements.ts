import { type Stack, Validations } from "aws-cdk-lib";
import type { HttpApi } from "aws-cdk-lib/aws-apigatewayv2";
import type { Distribution } from "aws-cdk-lib/aws-cloudfront";
import type { Bucket } from "aws-cdk-lib/aws-s3";
import type { Secret } from "aws-cdk-lib/aws-secretsmanager";
import type { Queue } from "aws-cdk-lib/aws-sqs";

/** Constructs whose cdk-nag findings are acknowledged, each with its reason. */
export interface AcknowledgedConstructs {
  readonly masterSecret: Secret;
  readonly paymentCallbackSecret: Secret;
  readonly cdn: Distribution;
  readonly api: HttpApi;
  readonly accessLogs: Bucket;
  readonly outboxDeadLetter: Queue;
  readonly catalogueDeadLetter: Queue;
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
  for (const prefix of ["products", "sellers"]) {
    Validations.of(stack).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<Images2D38C313.Arn>/${prefix}/*]`,
      reason: `Image objects get unguessable keys at upload time, so the grant covers the ${prefix}/ prefix of the image bucket, with PutObject and DeleteObject only.`,
    });
  }
};
