import { Duration, RemovalPolicy } from "aws-cdk-lib";
import { AccessLogFormat } from "aws-cdk-lib/aws-apigateway";
import {
  type CfnStage,
  HttpApi,
  HttpMethod,
  HttpStage,
  LogGroupLogDestination,
} from "aws-cdk-lib/aws-apigatewayv2";
import { HttpLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import type { Construct } from "constructs";
import {
  catchAllGroup,
  catchAllPath,
  type EndpointGroup,
  endpointGroups,
  fullPath,
  routeKey,
  routes,
} from "../../../shared/http/routes.js";
import { referenceFiles } from "../../../shared/reference/reference-files.js";
import { functionMemoryMb, functionTimeoutSeconds, stageThrottle, throttleOf } from "../capacity-plan.js";
import { MarketplaceFunction } from "../marketplace-function.js";
import { apiGroupPermissions } from "../permissions.js";
import type { MarketplaceData } from "./data.js";

/** What a group's code reads from its own bundle at run time (the reference's documents and Redoc). */
const bundledFiles: Partial<Record<EndpointGroup, readonly string[]>> = {
  "api-docs": Object.values(referenceFiles),
};

export interface MarketplaceApiProps {
  /** The table, secrets and images the endpoint groups work on. */
  readonly data: MarketplaceData;
}

/** The HTTP API: stage, access logs, one Lambda per endpoint group, a route per route-table entry. */
export class MarketplaceApi {
  readonly httpApi: HttpApi;
  readonly accessLogs: LogGroup;
  readonly functions: ReadonlyMap<EndpointGroup, MarketplaceFunction>;

  constructor(scope: Construct, props: MarketplaceApiProps) {
    const { data } = props;
    this.httpApi = new HttpApi(scope, "Api", {
      description: "Marketplace Seller API v1 and Reseller API v2",
      createDefaultStage: false,
    });
    this.accessLogs = new LogGroup(scope, "ApiAccessLogs", {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const stage = new HttpStage(scope, "ApiStage", {
      httpApi: this.httpApi,
      stageName: "$default",
      autoDeploy: true,
      throttle: stageThrottle,
      // Route-level metrics (dimension Route) for the operations dashboard; charged as custom metrics, and
      // only for the hours a route is called.
      detailedMetricsEnabled: true,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        // The route key, not the raw path: delivery paths carry one-time tokens that must not reach logs.
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: "$context.requestId",
            ip: "$context.identity.sourceIp",
            requestTime: "$context.requestTime",
            httpMethod: "$context.httpMethod",
            routeKey: "$context.routeKey",
            status: "$context.status",
            protocol: "$context.protocol",
            responseLength: "$context.responseLength",
            integrationLatency: "$context.integrationLatency",
          }),
        ),
      },
    });

    const functions = new Map<EndpointGroup, MarketplaceFunction>();
    for (const group of endpointGroups) {
      const permissions = apiGroupPermissions[group];
      const fn = new MarketplaceFunction(scope, `Api-${group}`, {
        entry: `functions/${group}/handler.ts`,
        description: `Marketplace API endpoint group ${group}`,
        memorySize: functionMemoryMb[group],
        timeout: Duration.seconds(functionTimeoutSeconds[group] ?? 10),
        files: bundledFiles[group],
        environment: {
          // A group that reads neither the table nor the master secret is not told where they are.
          ...(permissions.table !== "none" || permissions.masterSecret ? data.baseEnvironment : {}),
          ...(permissions.images
            ? { IMAGE_BUCKET: data.images.bucketName, PUBLIC_IMAGE_BASE_URL: data.imageBaseUrl }
            : {}),
          PUBLIC_BASE_URL: this.url,
          ...(permissions.paymentCallbackSecret
            ? { PAYMENT_CALLBACK_SECRET_ARN: data.paymentCallbackSecret.secretArn }
            : {}),
        },
      });
      data.grant(fn.role, permissions);
      functions.set(group, fn);
    }
    this.functions = functions;

    const integrations = new Map(
      [...functions].map(([group, fn]) => [
        group,
        new HttpLambdaIntegration(`Integration-${group}`, fn.function),
      ]),
    );
    const integrationOf = (group: EndpointGroup) => {
      const integration = integrations.get(group);
      if (!integration) throw new Error(`No integration for ${group}`);
      return integration;
    };
    // Each route's own throttle (capacity-plan.ts); the stage's settings name routes by key, so the
    // stage waits for them to exist.
    const cfnStage = stage.node.defaultChild as CfnStage;
    // CloudFormation's RouteSettings is a free-form map, so CDK passes it through as written: keys
    // in CloudFormation's own PascalCase, not the camelCase of CfnStage.RouteSettingsProperty.
    // A route's settings replace the stage's defaults whole, so each route enables its detailed metrics too.
    const routeSettings: Record<
      string,
      { ThrottlingRateLimit: number; ThrottlingBurstLimit: number; DetailedMetricsEnabled: true }
    > = {};
    for (const route of routes) {
      const created = this.httpApi.addRoutes({
        path: fullPath(route),
        methods: [HttpMethod[route.method]],
        integration: integrationOf(route.group),
      });
      for (const r of created) cfnStage.node.addDependency(r);
      const throttle = throttleOf(route);
      routeSettings[routeKey(route)] = {
        ThrottlingRateLimit: throttle.rateLimit,
        ThrottlingBurstLimit: throttle.burstLimit,
        DetailedMetricsEnabled: true,
      };
    }
    cfnStage.routeSettings = routeSettings;
    // Unknown paths under each version reach a Lambda, so they get a 404 in that version's envelope.
    for (const version of ["v1", "v2"] as const) {
      this.httpApi.addRoutes({
        path: catchAllPath(version),
        methods: [HttpMethod.ANY],
        integration: integrationOf(catchAllGroup[version]),
      });
    }
  }

  /** The API's base URL (the $default stage); v1 is under /api/v1, v2 under /api/v2. */
  get url(): string {
    return this.httpApi.apiEndpoint;
  }
}
