import { AssetHashType, DockerImage, Duration, Fn, RemovalPolicy, Stack } from "aws-cdk-lib";
import type { HttpApi } from "aws-cdk-lib/aws-apigatewayv2";
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersReferrerPolicy,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from "aws-cdk-lib/aws-cloudfront";
import { HttpOrigin, S3BucketOrigin } from "aws-cdk-lib/aws-cloudfront-origins";
import { Role, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { Function as LambdaFunction } from "aws-cdk-lib/aws-lambda";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import { BlockPublicAccess, Bucket, BucketEncryption } from "aws-cdk-lib/aws-s3";
import { BucketDeployment, CacheControl, type ISource, Source } from "aws-cdk-lib/aws-s3-deployment";
import type { Construct } from "constructs";
import { buildDashboardInChild, DASHBOARD_SOURCE } from "../../dashboard/build.js";
import { type DashboardSecurityHeaders, dashboardSecurityHeaders } from "../../dashboard/security-headers.js";
import { DASHBOARD_CACHE_CONTROL, DASHBOARD_HASHED_FOLDER, DASHBOARD_PATH } from "../../dashboard/serving.js";
import { bucketRemoval } from "../stage.js";
import type { MarketplaceData } from "./data.js";

/** The bucket's key prefix: the dashboard's path without its leading slash, so a URL path is its key. */
const KEY_PREFIX = DASHBOARD_PATH.slice(1);

/** HSTS on the dashboard's answers: two years, the usual recommendation. */
const HSTS_MAX_AGE = Duration.days(730);

/** CloudFront's value for the one Referrer-Policy the dashboard sends (the compiler checks it is the one). */
const REFERRER_POLICY: Record<DashboardSecurityHeaders["referrer-policy"], HeadersReferrerPolicy> = {
  "no-referrer": HeadersReferrerPolicy.NO_REFERRER,
};

/**
 * The viewer-request function of the dashboard's behaviour. The build is deployed under the key prefix
 * `dashboard/`, so a URL path is its object's key and the hashed files need no rewrite; only the page's
 * own path names no object: `/dashboard/` is answered with `dashboard/index.html` (CloudFront's default
 * root object applies to `/` alone), and `/dashboard` is redirected (308) to `/dashboard/`, as the local
 * gateway does, so the page's relative URLs and the address bar agree.
 */
const dashboardPathsCode = (): string => `function handler(event) {
  var request = event.request;
  if (request.uri === ${JSON.stringify(DASHBOARD_PATH.slice(0, -1))}) {
    return {
      statusCode: 308,
      statusDescription: "Permanent Redirect",
      headers: { location: { value: ${JSON.stringify(DASHBOARD_PATH)} } },
    };
  }
  if (request.uri === ${JSON.stringify(DASHBOARD_PATH)}) request.uri = ${JSON.stringify(`${DASHBOARD_PATH}index.html`)};
  return request;
}`;

/**
 * The built dashboard as an asset: `cdk synth` builds it with Vite into the asset's own folder (local
 * bundling, no Docker), so a clean clone needs no command before synth and no two builds share
 * dashboard/dist. A synth that skips bundling (the CDK tests' `aws:cdk:bundling-stacks: []`) does not build.
 */
const dashboardBuild = (): ISource =>
  Source.asset(DASHBOARD_SOURCE, {
    // Named by the built files, not the sources (which hold dashboard/dist when it was built locally): the
    // same build is the same asset, so a deploy with no change to the dashboard copies and invalidates nothing.
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Required by the type; never pulled, because the local build always answers.
      image: DockerImage.fromRegistry("node:24-alpine"),
      local: {
        tryBundle(outputDir: string): boolean {
          buildDashboardInChild(outputDir);
          return true;
        },
      },
    },
  });

export interface DashboardHostingProps {
  /** The API the dashboard calls, reached through the same distribution under /api/*. */
  readonly httpApi: HttpApi;
  /** The access-log bucket (server access logs and CDN logs) and the image CDN the dashboard shows images from. */
  readonly data: MarketplaceData;
}

/**
 * The seller dashboard in AWS: its build in a private bucket, served through CloudFront with origin access
 * control and the same security headers as locally, and the HTTP API on the same origin under /api/*, so
 * the page's `connect-src 'self'` reaches it without CORS.
 */
export class DashboardHosting {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  readonly responseHeaders: ResponseHeadersPolicy;
  /** The deployment of the hashed files, then of the page (which names them), in that order. */
  readonly deployments: readonly [BucketDeployment, BucketDeployment];
  /** aws-s3-deployment's function that copies the build into the bucket (one per stack), and its role. */
  readonly deployer: LambdaFunction;
  readonly deployerRole: Role;

  constructor(scope: Construct, props: DashboardHostingProps) {
    const { httpApi, data } = props;
    this.bucket = new Bucket(scope, "DashboardFiles", {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: data.accessLogs,
      serverAccessLogsPrefix: "dashboard-bucket/",
      // Retained in the default stage (a bucket's default, as deployed since #22); another stage's is emptied
      // and deleted with its stack.
      ...bucketRemoval(data.stage),
    });

    const headers = dashboardSecurityHeaders(data.imageBaseUrl);
    this.responseHeaders = new ResponseHeadersPolicy(scope, "DashboardHeaders", {
      comment: "Seller dashboard: strict CSP (images also from the image CDN), nosniff, no referrer, HSTS",
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: headers["content-security-policy"], override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: REFERRER_POLICY[headers["referrer-policy"]], override: true },
        // Only in AWS: the local gateway speaks plain HTTP, where HSTS means nothing.
        strictTransportSecurity: {
          accessControlMaxAge: HSTS_MAX_AGE,
          includeSubdomains: true,
          override: true,
        },
      },
    });

    const paths = new EdgeFunction(scope, "DashboardPaths", {
      comment: "Seller dashboard: /dashboard/ answers its page, /dashboard redirects to /dashboard/",
      code: FunctionCode.fromInline(dashboardPathsCode()),
      runtime: FunctionRuntime.JS_2_0,
    });

    // The API's own host name (the endpoint is https://<id>.execute-api.<region>.amazonaws.com).
    const apiDomain = Fn.select(2, Fn.split("/", httpApi.apiEndpoint));
    this.distribution = new Distribution(scope, "DashboardCdn", {
      comment: "Marketplace seller dashboard, with the API under /api/*",
      // Anything outside the dashboard's paths asks the bucket for a key it does not hold: S3's 403.
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        // Caching follows each object's Cache-Control, set by the deployments below.
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeaders,
        functionAssociations: [{ function: paths, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        "/api/*": {
          origin: new HttpOrigin(apiDomain, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY }),
          // A POST redirected to HTTPS would lose its body: plain HTTP is refused instead.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          // Every answer is the caller's own: nothing is cached, and every viewer header (Authorization
          // included, which CloudFront forwards only with caching disabled) reaches the API but Host, which
          // API Gateway needs to be its own domain.
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        },
      },
      // No standard logs: they record each request's whole path, and a delivery the dashboard makes goes
      // through /api/v1/orders/delivery/<one-time token>. The API's own access log names the route key,
      // never the path (api.ts), and covers every /api/* request that reaches it.
      enableLogging: false,
    });

    // Two deployments of the one build, so each file carries the Cache-Control the local gateway sends.
    // The hashed files go first and are never pruned: a page still open (or cached at an edge until the
    // invalidation) names the previous build's files, which stay loadable. The page goes second, so no
    // page names a file not yet uploaded, and it invalidates the dashboard's paths. (aws-s3-deployment adds
    // an AWS CLI layer per deployment; their shared function uses the first.)
    const build = dashboardBuild();
    // The copying function gets the project's own role and log group, as every function here does: logs
    // only into its own group, kept a month, instead of the broad managed policy and a group kept forever.
    const deployerLogs = new LogGroup(scope, "DashboardDeployerLogs", {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.deployerRole = new Role(scope, "DashboardDeployerRole", {
      assumedBy: new ServicePrincipal("lambda.amazonaws.com"),
      description: "Execution role of the seller dashboard's deployment (aws-s3-deployment)",
    });
    deployerLogs.grantWrite(this.deployerRole);
    const deployer = {
      role: this.deployerRole,
      logGroup: deployerLogs,
      // The custom resource's answer is capped at 4 KB; nothing reads the list of keys it would carry.
      outputObjectKeys: false,
    };
    const hashed = new BucketDeployment(scope, "DashboardHashedFiles", {
      ...deployer,
      sources: [build],
      destinationBucket: this.bucket,
      destinationKeyPrefix: KEY_PREFIX,
      exclude: ["*"],
      include: [`${DASHBOARD_HASHED_FOLDER}*`],
      prune: false,
      cacheControl: [CacheControl.fromString(DASHBOARD_CACHE_CONTROL.hashed)],
    });
    const page = new BucketDeployment(scope, "DashboardPage", {
      ...deployer,
      sources: [build],
      destinationBucket: this.bucket,
      destinationKeyPrefix: KEY_PREFIX,
      // Excluded files are neither uploaded nor pruned by this deployment: the hashed files stay.
      exclude: [`${DASHBOARD_HASHED_FOLDER}*`],
      cacheControl: [CacheControl.fromString(DASHBOARD_CACHE_CONTROL.page)],
      distribution: this.distribution,
      distributionPaths: [`${DASHBOARD_PATH}*`],
    });
    page.node.addDependency(hashed);
    this.deployments = [hashed, page];
    // aws-s3-deployment keeps its function at the stack's root and does not expose it: it is the one
    // function there with this role.
    const functions = Stack.of(scope).node.children.filter(
      (child): child is LambdaFunction => child instanceof LambdaFunction && child.role === this.deployerRole,
    );
    const [copier] = functions;
    if (!copier || functions.length !== 1) throw new Error("expected one aws-s3-deployment function");
    this.deployer = copier;
  }

  /** The dashboard's HTTPS address. */
  get url(): string {
    return `https://${this.distribution.distributionDomainName}${DASHBOARD_PATH}`;
  }
}
