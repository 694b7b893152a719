import { beforeAll, describe, expect, it } from "vitest";
import { MarketplaceApi } from "../../../../infra/cdk/constructs/api.js";
import { MarketplaceData } from "../../../../infra/cdk/constructs/data.js";
import { apiGroupPermissions } from "../../../../infra/cdk/permissions.js";
import {
  catchAllGroup,
  catchAllPath,
  type EndpointGroup,
  endpointGroups,
  fullPath,
  routes,
} from "../../../../shared/http/routes.js";
import {
  bareStack,
  constructIdOf,
  deployedLogicalResources,
  getAttId,
  ownResources,
  type Statement,
  type TemplateView,
  tracingStatement,
} from "../template-view.js";

const groups = endpointGroups.length;
const routeCount = routes.length + 2;

/** Every route key the API must serve, and the endpoint group behind it. */
const expectedRoutes: [string, string, EndpointGroup][] = [
  ...routes.map((route): [string, string, EndpointGroup] => [route.method, fullPath(route), route.group]),
  ["ANY", catchAllPath("v1"), catchAllGroup.v1],
  ["ANY", catchAllPath("v2"), catchAllGroup.v2],
];

/** Memory per endpoint group: 512 MB where the group's own CPU work dominates (uploads, comment patterns), 1,024 for search, else 256. */
const expectedMemory: Record<EndpointGroup, number> = {
  "v1-auth": 256,
  "v1-products": 512,
  "v1-orders": 256,
  "v1-seller": 512,
  "v1-payouts": 256,
  "v1-key-stock": 512,
  "v2-auth": 256,
  "v2-catalog": 1024,
  "v2-purchases": 512,
  "v2-orders": 256,
  "v2-favorites": 256,
  payments: 256,
  "api-docs": 256,
};

/** The settings each route must get: its throttle, written out by class, and detailed metrics. */
const expectedThrottle = (route: (typeof routes)[number]) => {
  const [rate, burst] =
    route.path === "/auth/api-key/create"
      ? [20, 50]
      : route.version === "payments"
        ? [200, 400]
        : route.path === "/buy" || route.path === "/gift"
          ? [100, 200]
          : route.path === "/payout"
            ? [5, 10]
            : route.method === "GET"
              ? [300, 600]
              : [50, 100];
  // A route's settings replace the stage's defaults whole: each route enables its detailed metrics again.
  return { ThrottlingRateLimit: rate, ThrottlingBurstLimit: burst, DetailedMetricsEnabled: true };
};

const tableArn = { "Fn::GetAtt": ["TableCD117FA1", "Arn"] };
const readActions = [
  "dynamodb:GetItem",
  "dynamodb:BatchGetItem",
  "dynamodb:Query",
  "dynamodb:ConditionCheckItem",
];
const writeActions = ["dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem"];
const secretRead = ["secretsmanager:GetSecretValue"];

let api: MarketplaceApi;
let resolve: (value: unknown) => unknown;
/** The API's own resources: the data construct it uses is built in a second stack and left out. */
let view: TemplateView;

beforeAll(() => {
  const stack = bareStack();
  const data = new MarketplaceData(stack);
  api = new MarketplaceApi(stack, { data });
  const dependencies = bareStack();
  new MarketplaceData(dependencies);
  view = ownResources(stack, dependencies);
  resolve = (value) => stack.resolve(value);
});

describe("MarketplaceApi", () => {
  it("owns exactly the HTTP API, its stage and access log group, per endpoint group a function, role, policy, log group and integration, and per route a route and an invoke permission, each under its deployed logical ID", () => {
    expect(view.typeCounts()).toEqual({
      "AWS::ApiGatewayV2::Api": 1,
      "AWS::ApiGatewayV2::Integration": groups,
      "AWS::ApiGatewayV2::Route": routeCount,
      "AWS::ApiGatewayV2::Stage": 1,
      "AWS::IAM::Policy": groups,
      "AWS::IAM::Role": groups,
      "AWS::Lambda::Function": groups,
      "AWS::Lambda::Permission": routeCount,
      "AWS::Logs::LogGroup": groups + 1,
    });
    for (const { logicalId, type } of view.resources) {
      expect(deployedLogicalResources[logicalId], logicalId).toBe(type);
    }
    expect(view.byId("ApiF70053CD").properties).toEqual({
      Description: "Marketplace Seller API v1 and Reseller API v2",
      Name: "Api",
      ProtocolType: "HTTP",
    });
  });

  it("the only stage is $default: auto-deployed, throttled at rate 500 and burst 1000 overall and per route by its class, detailed (per-route) metrics on for the stage and every route, with JSON access logs by route key (never the raw path) kept 90 days", () => {
    expect(view.byId("ApiStage529D6240").properties).toEqual({
      AccessLogSettings: {
        DestinationArn: { "Fn::GetAtt": ["ApiAccessLogsE9DF007D", "Arn"] },
        Format: JSON.stringify({
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
      },
      ApiId: { Ref: "ApiF70053CD" },
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingBurstLimit: 1000,
        ThrottlingRateLimit: 500,
        DetailedMetricsEnabled: true,
      },
      RouteSettings: Object.fromEntries(
        routes.map((route) => [`${route.method} ${fullPath(route)}`, expectedThrottle(route)]),
      ),
      StageName: "$default",
    });
    const accessLogs = view.byId("ApiAccessLogsE9DF007D");
    expect(accessLogs.properties).toEqual({ RetentionInDays: 90 });
    expect(accessLogs.deletionPolicy).toBe("Delete");
  });

  it("url is the API's endpoint, and functions holds one function per endpoint group", () => {
    expect(resolve(api.url)).toEqual({ "Fn::GetAtt": ["ApiF70053CD", "ApiEndpoint"] });
    expect([...api.functions.keys()]).toEqual([...endpointGroups]);
  });

  describe("each route key invokes its endpoint group's function, which API Gateway may invoke on that route's path only", () => {
    it.each(expectedRoutes)("%s %s → %s", (method, path, group) => {
      const functionId = view.functionBehindRoute(`${method} ${path}`);
      expect(functionId).toBe(view.functionOf(constructIdOf(group)).logicalId);
      const permissions = view
        .ofType("AWS::Lambda::Permission")
        .filter((p) => JSON.stringify(p.properties.SourceArn).includes(`"/*/*${path}"`));
      // Routes that share a path (GET and POST of one collection) each add an identical permission.
      const sharing = expectedRoutes.filter(([, other]) => other === path).length;
      const permission = {
        Action: "lambda:InvokeFunction",
        FunctionName: { "Fn::GetAtt": [functionId, "Arn"] },
        Principal: "apigateway.amazonaws.com",
        SourceArn: {
          "Fn::Join": [
            "",
            [
              "arn:",
              { Ref: "AWS::Partition" },
              ":execute-api:",
              { Ref: "AWS::Region" },
              ":",
              { Ref: "AWS::AccountId" },
              ":",
              { Ref: "ApiF70053CD" },
              `/*/*${path}`,
            ],
          ],
        },
      };
      expect(permissions.map((p) => p.properties)).toEqual(Array.from({ length: sharing }, () => permission));
    });
  });

  describe("each endpoint group's function has its planned memory and timeout (10 s; 29 s for key stock's uploads), and an environment that is exactly its profile's", () => {
    it.each(endpointGroups)("%s", (group) => {
      const id = constructIdOf(group);
      const profile = apiGroupPermissions[group];
      const fn = view.functionOf(id);
      expect({
        description: fn.properties.Description,
        memory: fn.properties.MemorySize,
        timeout: fn.properties.Timeout,
        role: getAttId(fn.properties.Role, "Arn", "Role"),
      }).toEqual({
        description: `Marketplace API endpoint group ${group}`,
        memory: expectedMemory[group],
        timeout: group === "v1-key-stock" ? 29 : 10,
        role: view.roleOf(id).logicalId,
      });
      // A group that reads neither the table nor the master secret (the API reference) is not told where they are.
      const data = profile.table !== "none" || profile.masterSecret;
      expect(view.environmentOf(id)).toEqual({
        ...(data
          ? { TABLE_NAME: { Ref: "TableCD117FA1" }, MASTER_SECRET_ARN: { Ref: "MasterSecretA11BF785" } }
          : {}),
        ...(profile.images
          ? {
              IMAGE_BUCKET: { Ref: "Images2D38C313" },
              PUBLIC_IMAGE_BASE_URL: {
                "Fn::Join": ["", ["https://", { "Fn::GetAtt": ["ImageCdn2F3EFA6B", "DomainName"] }]],
              },
            }
          : {}),
        PUBLIC_BASE_URL: { "Fn::GetAtt": ["ApiF70053CD", "ApiEndpoint"] },
        ...(profile.paymentCallbackSecret
          ? { PAYMENT_CALLBACK_SECRET_ARN: { Ref: "PaymentCallbackSecret97314E16" } }
          : {}),
      });
    });
  });

  describe("each endpoint group's role allows exactly its own logs plus its permission profile, statement by statement", () => {
    it.each(endpointGroups)("%s", (group) => {
      const id = constructIdOf(group);
      const profile = apiGroupPermissions[group];
      const tableStatements: Record<typeof profile.table, Statement[]> = {
        none: [],
        "read-keys": [{ effect: "Allow", actions: ["dynamodb:GetItem"], resources: [tableArn] }],
        "exchange-keys": [
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
        read: [
          {
            effect: "Allow",
            actions: readActions,
            resources: [tableArn, { "Fn::Join": ["", [tableArn, "/index/*"]] }],
          },
        ],
        "read-write": [
          {
            effect: "Allow",
            actions: [...readActions, ...writeActions],
            resources: [tableArn, { "Fn::Join": ["", [tableArn, "/index/*"]] }],
          },
        ],
      };
      const expected: Statement[] = [
        {
          effect: "Allow",
          actions: ["logs:CreateLogStream", "logs:PutLogEvents"],
          resources: [{ "Fn::GetAtt": [view.findOne("AWS::Logs::LogGroup", `${id}Logs`).logicalId, "Arn"] }],
        },
        tracingStatement,
        ...tableStatements[profile.table],
        ...(profile.masterSecret
          ? [{ effect: "Allow", actions: secretRead, resources: [{ Ref: "MasterSecretA11BF785" }] }]
          : []),
        ...(profile.paymentCallbackSecret
          ? [{ effect: "Allow", actions: secretRead, resources: [{ Ref: "PaymentCallbackSecret97314E16" }] }]
          : []),
        ...(profile.images
          ? [
              {
                effect: "Allow",
                actions: ["s3:PutObject", "s3:DeleteObject"],
                resources: [
                  { "Fn::Join": ["", [{ "Fn::GetAtt": ["Images2D38C313", "Arn"] }, `/${profile.images}/*`]] },
                ],
              },
            ]
          : []),
      ];
      expect(view.statementsOf(id)).toEqual(expected);
      expect(view.roleOf(id).properties).toEqual({
        AssumeRolePolicyDocument: {
          Statement: [
            { Action: "sts:AssumeRole", Effect: "Allow", Principal: { Service: "lambda.amazonaws.com" } },
          ],
          Version: "2012-10-17",
        },
        Description: `Execution role of Marketplace API endpoint group ${group}`,
      });
    });
  });
});
