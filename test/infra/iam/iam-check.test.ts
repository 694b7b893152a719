import { describe, expect, it } from "vitest";
import { DeployedStack } from "./deployed-functions.js";
import { checkIam } from "./iam-check.js";
import type { CheckedCall } from "./recorded-calls.js";
import type { Json } from "./template-values.js";
import { compareWithJustified, justifiedGrants, justifiedGrantsSchema } from "./unexercised-grants.js";

// A template as CDK writes one, cut to what the check reads: a function behind a route and a queue, its
// role's policy in intrinsic functions, and the environment variables that name its resources.
const tableArn = { "Fn::GetAtt": ["Table", "Arn"] };
const statements = [
  {
    Effect: "Allow",
    Action: ["logs:CreateLogStream", "logs:PutLogEvents"],
    Resource: { "Fn::GetAtt": ["Logs", "Arn"] },
  },
  {
    Effect: "Allow",
    Action: ["dynamodb:GetItem", "dynamodb:Query"],
    Resource: [tableArn, { "Fn::Join": ["", [tableArn, "/index/*"]] }],
  },
  {
    Effect: "Allow",
    Action: "dynamodb:UpdateItem",
    Resource: tableArn,
    Condition: { "ForAllValues:StringLike": { "dynamodb:LeadingKeys": ["LIMIT#EXCHANGE#key#*"] } },
  },
  { Effect: "Allow", Action: "sqs:SendMessage", Resource: { "Fn::GetAtt": ["Jobs", "Arn"] } },
  {
    Effect: "Allow",
    Action: "s3:PutObject",
    Resource: { "Fn::Join": ["", [{ "Fn::GetAtt": ["Images", "Arn"] }, "/products/*"]] },
  },
];

const template = (policy: readonly Json[] = statements, more: Json = {}): Json => ({
  Resources: {
    ...more,
    Table: { Type: "AWS::DynamoDB::GlobalTable", Properties: {} },
    Jobs: { Type: "AWS::SQS::Queue", Properties: {} },
    Images: { Type: "AWS::S3::Bucket", Properties: {} },
    ImagesPolicy: {
      Type: "AWS::S3::BucketPolicy",
      Properties: {
        Bucket: { Ref: "Images" },
        PolicyDocument: {
          Version: "2012-10-17",
          Statement: [
            {
              Effect: "Deny",
              Principal: { AWS: "*" },
              Action: "s3:*",
              Resource: { "Fn::Join": ["", [{ "Fn::GetAtt": ["Images", "Arn"] }, "/*"]] },
              Condition: { Bool: { "aws:SecureTransport": "false" } },
            },
          ],
        },
      },
    },
    Logs: { Type: "AWS::Logs::LogGroup", Properties: {} },
    WorkerRole: { Type: "AWS::IAM::Role", Properties: {} },
    WorkerPolicy: {
      Type: "AWS::IAM::Policy",
      Properties: {
        PolicyDocument: { Version: "2012-10-17", Statement: policy },
        PolicyName: "WorkerPolicy",
        Roles: [{ Ref: "WorkerRole" }],
      },
    },
    Worker: {
      Type: "AWS::Lambda::Function",
      Properties: {
        Role: { "Fn::GetAtt": ["WorkerRole", "Arn"] },
        Environment: {
          Variables: {
            TABLE_NAME: { Ref: "Table" },
            JOBS_URL: { Ref: "Jobs" },
            IMAGE_BUCKET: { Ref: "Images" },
          },
        },
      },
    },
    Integration: {
      Type: "AWS::ApiGatewayV2::Integration",
      Properties: { IntegrationUri: { "Fn::GetAtt": ["Worker", "Arn"] } },
    },
    Route: {
      Type: "AWS::ApiGatewayV2::Route",
      Properties: {
        RouteKey: "POST /jobs",
        Target: { "Fn::Join": ["", ["integrations/", { Ref: "Integration" }]] },
      },
    },
  },
});

/** The local stack's names for the same resources. */
const localEnv = {
  TABLE_NAME: "local-table",
  JOBS_URL: "http://127.0.0.1:4566/000000000000/local-jobs",
  IMAGE_BUCKET: "local-images",
};

const route = { kind: "route", routeKey: "POST /jobs" } as const;
const calls: CheckedCall[] = [
  {
    function: route,
    service: "dynamodb",
    action: "GetItem",
    resource: "table/local-table",
    leadingKeys: ["ACCOUNT#{id}"],
  },
  {
    function: route,
    service: "dynamodb",
    action: "Query",
    resource: "table/local-table/index/GSI1",
    leadingKeys: ["SELLER#{id}"],
  },
  {
    function: route,
    service: "dynamodb",
    action: "UpdateItem",
    resource: "table/local-table",
    leadingKeys: ["LIMIT#EXCHANGE#key#{id}"],
  },
  { function: route, service: "sqs", action: "SendMessage", resource: localEnv.JOBS_URL },
  { function: route, service: "s3", action: "PutObject", resource: "local-images/products/{id}" },
];

const check = (
  policy: readonly Json[] = statements,
  recorded: readonly CheckedCall[] = calls,
  more: Json = {},
) => checkIam(new DeployedStack(template(policy, more), localEnv), recorded);

describe("the IAM check", () => {
  it("allows every call its function's role grants, and lists the granted actions no call used", async () => {
    const result = await check();
    expect(result).toEqual({
      checked: 5,
      denied: [],
      unresolved: [],
      toothless: [],
      granted: [
        "logs:CreateLogStream",
        "logs:PutLogEvents",
        "dynamodb:GetItem",
        "dynamodb:Query",
        "dynamodb:UpdateItem",
        "sqs:SendMessage",
        "s3:PutObject",
      ].map((action) => ({ function: "Worker", action })),
      unexercised: [
        { function: "Worker", action: "logs:CreateLogStream" },
        { function: "Worker", action: "logs:PutLogEvents" },
      ],
    });
  });

  it("denies a call once the one permission it needs is removed from the role's policy", async () => {
    const withoutSend = statements.filter((statement) => statement.Action !== "sqs:SendMessage");
    const result = await check(withoutSend);
    expect(result.denied).toEqual([
      "Worker (route POST /jobs): sqs:SendMessage on arn:aws:sqs:us-east-1:123456789012:Jobs — ImplicitlyDenied",
    ]);
    expect(result.unresolved).toEqual([]);
  });

  it("denies an object written outside the prefix its grant names", async () => {
    const result = await check(statements, [
      { function: route, service: "s3", action: "PutObject", resource: "local-images/sellers/{id}" },
    ]);
    expect(result.denied).toEqual([
      "Worker (route POST /jobs): s3:PutObject on arn:aws:s3:::images/sellers/{id} — ImplicitlyDenied",
    ]);
  });

  it("denies an update of a partition the LeadingKeys condition does not allow", async () => {
    const result = await check(statements, [
      {
        function: route,
        service: "dynamodb",
        action: "UpdateItem",
        resource: "table/local-table",
        leadingKeys: ["ACCOUNT#{id}"],
      },
    ]);
    expect(result.denied).toEqual([
      "Worker (route POST /jobs): dynamodb:UpdateItem on arn:aws:dynamodb:us-east-1:123456789012:table/Table with leading keys ACCOUNT#{id} — ImplicitlyDenied",
    ]);
  });

  it("reports an exercised grant that, removed, leaves the call allowed: the check could not see it missing", async () => {
    // The queue's own policy lets the role send, so the role's grant is not what allows the call.
    const queuePolicy = {
      JobsPolicy: {
        Type: "AWS::SQS::QueuePolicy",
        Properties: {
          Queues: [{ Ref: "Jobs" }],
          PolicyDocument: {
            Version: "2012-10-17",
            Statement: [
              {
                Effect: "Allow",
                Principal: { AWS: { "Fn::GetAtt": ["WorkerRole", "Arn"] } },
                Action: "sqs:SendMessage",
                Resource: { "Fn::GetAtt": ["Jobs", "Arn"] },
              },
            ],
          },
        },
      },
    };
    const result = await check(statements, calls, queuePolicy);
    expect(result.toothless).toEqual([
      "Worker (route POST /jobs): sqs:SendMessage on arn:aws:sqs:us-east-1:123456789012:Jobs — still allowed with the action removed",
    ]);
    expect(result.denied).toEqual([]);
  });

  it("does not place a call on a resource no environment variable of the template names, nor a trigger no route invokes", async () => {
    const result = await check(statements, [
      {
        function: route,
        service: "sqs",
        action: "SendMessage",
        resource: "http://127.0.0.1:4566/000000000000/other",
      },
      {
        function: { kind: "route", routeKey: "GET /nowhere" },
        service: "sqs",
        action: "SendMessage",
        resource: localEnv.JOBS_URL,
      },
    ]);
    expect(result.unresolved).toEqual([
      "Worker (route POST /jobs): sqs:SendMessage on http://127.0.0.1:4566/000000000000/other, which no environment variable of the template names",
      "route GET /nowhere invokes no functions () in the template",
    ]);
    expect(result.denied).toEqual([]);
  });

  it("fails a call whose action IAM does not know, such as a DynamoDB transaction not split into its items", async () => {
    const result = await check(statements, [
      { function: route, service: "dynamodb", action: "TransactWriteItems", resource: "table/local-table" },
    ]);
    expect(result.unresolved).toHaveLength(1);
    expect(result.unresolved[0]).toMatch(
      /^Worker \(route POST \/jobs\): dynamodb:TransactWriteItems on .* — not evaluable: /,
    );
  });
});

describe("the list of grants no stack test uses (unexercised-grants.json)", () => {
  const granted = [
    { function: "Worker", action: "logs:PutLogEvents" },
    { function: "Worker", action: "sqs:SendMessage" },
  ];
  const logs = { why: "Lambda's runtime writes the function's logs with its role", functions: ["Worker"] };

  it("passes when it justifies exactly the grants no call used", () => {
    const unused = [{ function: "Worker", action: "logs:PutLogEvents" }];
    expect(compareWithJustified(granted, unused, [{ ...logs, actions: ["logs:PutLogEvents"] }])).toEqual({
      failures: [],
      notes: [],
    });
  });

  it("fails on an unused grant it does not justify and on an entry no longer granted; notes an entry a test used", () => {
    expect(
      compareWithJustified(
        granted,
        [{ function: "Worker", action: "logs:PutLogEvents" }],
        [{ ...logs, actions: ["logs:CreateLogStream", "sqs:SendMessage"] }],
      ),
    ).toEqual({
      failures: [
        "Worker is granted logs:PutLogEvents, which no stack test used: exercise it in a test, remove the grant, or justify it in test/infra/iam/unexercised-grants.json",
        "unexercised-grants.json lists Worker logs:CreateLogStream, which the template no longer grants: remove the entry",
      ],
      notes: ["unexercised-grants.json lists Worker sqs:SendMessage, which a stack test used this run"],
    });
  });

  it("is well formed: every entry names functions and actions and says why in a sentence", () => {
    expect(justifiedGrantsSchema.safeParse(justifiedGrants()).success).toBe(true);
  });
});
