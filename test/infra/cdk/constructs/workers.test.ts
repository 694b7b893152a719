import { describe, expect, it } from "vitest";
import { MarketplaceData } from "../../../../infra/cdk/constructs/data.js";
import { MarketplaceWorkers } from "../../../../infra/cdk/constructs/workers.js";
import { outboxForwarderFilters } from "../outbox-forwarder-filters.js";
import {
  bareStack,
  deployedLogicalResources,
  ownResources,
  type Statement,
  tracingStatement,
} from "../template-view.js";

const apiUrl = "https://api.example.test";

/** The workers' own resources: the data construct they use is built in a second stack and left out. */
const build = (senderIdentity = "example.com") => {
  const stack = bareStack();
  const data = new MarketplaceData(stack);
  const workers = new MarketplaceWorkers(stack, { data, apiUrl, senderIdentity });
  const dependencies = bareStack();
  new MarketplaceData(dependencies);
  return { stack, workers, view: ownResources(stack, dependencies) };
};

const arnOf = (id: string, attribute = "Arn") => ({ "Fn::GetAtt": [id, attribute] });
const logsStatement = (logGroupId: string): Statement => ({
  effect: "Allow",
  actions: ["logs:CreateLogStream", "logs:PutLogEvents"],
  resources: [arnOf(logGroupId)],
});
const tableReadWrite: Statement = {
  effect: "Allow",
  actions: [
    "dynamodb:GetItem",
    "dynamodb:BatchGetItem",
    "dynamodb:Query",
    "dynamodb:ConditionCheckItem",
    "dynamodb:PutItem",
    "dynamodb:UpdateItem",
    "dynamodb:DeleteItem",
  ],
  resources: [arnOf("TableCD117FA1"), { "Fn::Join": ["", [arnOf("TableCD117FA1"), "/index/*"]] }],
};
const consume = (queueId: string): Statement => ({
  effect: "Allow",
  actions: [
    "sqs:ReceiveMessage",
    "sqs:ChangeMessageVisibility",
    "sqs:GetQueueUrl",
    "sqs:DeleteMessage",
    "sqs:GetQueueAttributes",
  ],
  resources: [arnOf(queueId)],
});
const send = (queueId: string): Statement => ({
  effect: "Allow",
  actions: ["sqs:SendMessage", "sqs:GetQueueAttributes", "sqs:GetQueueUrl"],
  resources: [arnOf(queueId)],
});
const sesIdentity = (identity: string) => ({
  "Fn::Join": [
    "",
    [
      "arn:",
      { Ref: "AWS::Partition" },
      ":ses:",
      { Ref: "AWS::Region" },
      ":",
      { Ref: "AWS::AccountId" },
      `:identity/${identity}`,
    ],
  ],
});

describe("MarketplaceWorkers", () => {
  it("owns exactly six queues with their TLS policies, five functions with role, policy and log group, four event source mappings and the maintenance schedule with its invoke permission, each under its deployed logical ID", () => {
    const { view } = build();
    expect(view.typeCounts()).toEqual({
      "AWS::Events::Rule": 1,
      "AWS::IAM::Policy": 5,
      "AWS::IAM::Role": 5,
      "AWS::Lambda::EventSourceMapping": 4,
      "AWS::Lambda::Function": 5,
      "AWS::Lambda::Permission": 1,
      "AWS::Logs::LogGroup": 5,
      "AWS::SQS::Queue": 6,
      "AWS::SQS::QueuePolicy": 6,
    });
    // The catalogue indexer's resources, by their exact logical IDs.
    expect(
      view.resources
        .map((r) => r.logicalId)
        .filter((id) => id.startsWith("Catalogue"))
        .sort(),
    ).toEqual([
      "CatalogueDeadLetterBBD9567B",
      "CatalogueDeadLetterPolicy3BFCA066",
      "CatalogueIndexerFunction4CE7D031",
      "CatalogueIndexerFunctionDynamoDBEventSourceMarketplaceTable34C6290DAE6A1FC8",
      "CatalogueIndexerLogs64248531",
      "CatalogueIndexerRole6F4D030E",
      "CatalogueIndexerRoleDefaultPolicyE1853AEC",
    ]);
    for (const { logicalId, type } of view.resources) {
      expect(deployedLogicalResources[logicalId], logicalId).toBe(type);
    }
  });

  it("dead-letter queues keep messages 14 days; work queues keep them 4 days, hide them 180 s (six 30 s worker timeouts) and re-drive after 11 webhook or 5 e-mail receives; all SQS-encrypted and TLS-only", () => {
    const { view } = build();
    const deadLetter = { MessageRetentionPeriod: 1_209_600, SqsManagedSseEnabled: true };
    const workQueue = (deadLetterId: string, maxReceiveCount: number) => ({
      MessageRetentionPeriod: 345_600,
      RedrivePolicy: { deadLetterTargetArn: arnOf(deadLetterId), maxReceiveCount },
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 180,
    });
    const queues = Object.fromEntries(view.ofType("AWS::SQS::Queue").map((q) => [q.logicalId, q.properties]));
    expect(queues).toEqual({
      WebhooksDeadLetter2DFAD1BB: deadLetter,
      WebhooksQueue53D37C2C: workQueue("WebhooksDeadLetter2DFAD1BB", 11),
      EmailsDeadLetterDA7B4416: deadLetter,
      EmailsQueue3086DFE6: workQueue("EmailsDeadLetterDA7B4416", 5),
      OutboxDeadLetter52B8AA1E: deadLetter,
      CatalogueDeadLetterBBD9567B: deadLetter,
    });
    const policies = view.ofType("AWS::SQS::QueuePolicy");
    expect(policies).toHaveLength(6);
    for (const queueId of Object.keys(queues)) {
      const policy = policies.filter(
        (p) => JSON.stringify(p.properties.Queues) === JSON.stringify([{ Ref: queueId }]),
      );
      expect(
        policy.map((p) => p.properties.PolicyDocument),
        queueId,
      ).toEqual([
        {
          Statement: [
            {
              Action: "sqs:*",
              Condition: { Bool: { "aws:SecureTransport": "false" } },
              Effect: "Deny",
              Principal: { AWS: "*" },
              Resource: arnOf(queueId),
            },
          ],
          Version: "2012-10-17",
        },
      ]);
    }
  });

  it("the webhook sender and the mailer each consume their own work queue in batches of 10, reporting failures per item", () => {
    const { view } = build();
    for (const [worker, queueId] of [
      ["WebhookSender", "WebhooksQueue53D37C2C"],
      ["Mailer", "EmailsQueue3086DFE6"],
    ] as const) {
      const fn = view.functionOf(worker);
      const mappings = view
        .ofType("AWS::Lambda::EventSourceMapping")
        .filter((m) => JSON.stringify(m.properties.FunctionName) === JSON.stringify({ Ref: fn.logicalId }));
      expect(
        mappings.map((m) => m.properties),
        worker,
      ).toEqual([
        {
          BatchSize: 10,
          EventSourceArn: arnOf(queueId),
          FunctionName: { Ref: fn.logicalId },
          FunctionResponseTypes: ["ReportBatchItemFailures"],
        },
      ]);
    }
  });

  it("the outbox forwarder reads outbox INSERTs and the four kinds of change a seller may opt into from the table's stream from TRIM_HORIZON in batches of 100, and sends records older than 24 h to its dead-letter queue", () => {
    const { view } = build();
    const fn = view.functionOf("OutboxForwarder");
    const mappings = view
      .ofType("AWS::Lambda::EventSourceMapping")
      .filter((m) => JSON.stringify(m.properties.FunctionName) === JSON.stringify({ Ref: fn.logicalId }));
    expect(mappings.map((m) => m.properties)).toEqual([
      {
        BatchSize: 100,
        DestinationConfig: { OnFailure: { Destination: arnOf("OutboxDeadLetter52B8AA1E") } },
        EventSourceArn: arnOf("TableCD117FA1", "StreamArn"),
        FilterCriteria: {
          Filters: outboxForwarderFilters,
        },
        FunctionName: { Ref: fn.logicalId },
        FunctionResponseTypes: ["ReportBatchItemFailures"],
        MaximumRecordAgeInSeconds: 86_400,
        StartingPosition: "TRIM_HORIZON",
      },
    ]);
  });

  it("the catalogue indexer reads every INSERT, MODIFY and REMOVE of a product item (SK PRODUCT) from the table's stream from TRIM_HORIZON in batches of 100, reporting failures per record, and sends records it failed 10 retries on or older than 24 h to its own dead-letter queue", () => {
    const { view } = build();
    const fn = view.functionOf("CatalogueIndexer");
    const mappings = view
      .ofType("AWS::Lambda::EventSourceMapping")
      .filter((m) => JSON.stringify(m.properties.FunctionName) === JSON.stringify({ Ref: fn.logicalId }));
    expect(mappings.map((m) => m.properties)).toEqual([
      {
        BatchSize: 100,
        DestinationConfig: { OnFailure: { Destination: arnOf("CatalogueDeadLetterBBD9567B") } },
        EventSourceArn: arnOf("TableCD117FA1", "StreamArn"),
        // On the key, which every record carries: no eventName (all three) and no image (REMOVE has no
        // NewImage, INSERT no OldImage).
        FilterCriteria: {
          Filters: [{ Pattern: JSON.stringify({ dynamodb: { Keys: { SK: { S: ["PRODUCT"] } } } }) }],
        },
        FunctionName: { Ref: fn.logicalId },
        FunctionResponseTypes: ["ReportBatchItemFailures"],
        MaximumRecordAgeInSeconds: 86_400,
        MaximumRetryAttempts: 10,
        StartingPosition: "TRIM_HORIZON",
      },
    ]);
  });

  it("the maintenance function runs every minute from an EventBridge rule that retries twice, its only invoker", () => {
    const { view } = build();
    const fn = view.functionOf("Maintenance");
    const rule = view.findOne("AWS::Events::Rule", "MaintenanceSchedule");
    expect(rule.properties).toEqual({
      Description: "Runs the marketplace maintenance every minute",
      ScheduleExpression: "rate(1 minute)",
      State: "ENABLED",
      Targets: [{ Arn: arnOf(fn.logicalId), Id: "Target0", RetryPolicy: { MaximumRetryAttempts: 2 } }],
    });
    expect(view.ofType("AWS::Lambda::Permission").map((p) => p.properties)).toEqual([
      {
        Action: "lambda:InvokeFunction",
        FunctionName: arnOf(fn.logicalId),
        Principal: "events.amazonaws.com",
        SourceArn: arnOf(rule.logicalId),
      },
    ]);
  });

  it("each worker has its description, a 30 s timeout (the maintenance and the catalogue indexer 60 s), 512 MB and exactly its environment: the forwarder gets only the two queue URLs, the indexer only TABLE_NAME", () => {
    const { view } = build();
    const table = {
      TABLE_NAME: { Ref: "TableCD117FA1" },
      MASTER_SECRET_ARN: { Ref: "MasterSecretA11BF785" },
    };
    const expected = {
      WebhookSender: {
        description: "Sends signed payment webhooks to sellers",
        timeout: 30,
        environment: {
          ...table,
          PUBLIC_BASE_URL: apiUrl,
          WEBHOOK_QUEUE_URL: { Ref: "WebhooksQueue53D37C2C" },
          WEBHOOK_DLQ_URL: { Ref: "WebhooksDeadLetter2DFAD1BB" },
        },
      },
      Mailer: {
        description: "Sends buyer e-mails through SES",
        timeout: 30,
        environment: {
          ...table,
          SENDER_ADDRESS: "no-reply@example.com",
          EMAIL_DLQ_URL: { Ref: "EmailsDeadLetterDA7B4416" },
        },
      },
      OutboxForwarder: {
        description: "Forwards outbox events from the table stream to the webhook and e-mail queues",
        timeout: 30,
        environment: {
          WEBHOOK_QUEUE_URL: { Ref: "WebhooksQueue53D37C2C" },
          EMAIL_QUEUE_URL: { Ref: "EmailsQueue3086DFE6" },
        },
      },
      CatalogueIndexer: {
        description: "Keeps the public catalogue in step with product changes from the table stream",
        timeout: 60,
        // No MASTER_SECRET_ARN: the indexer reads no sealed value.
        environment: { TABLE_NAME: { Ref: "TableCD117FA1" } },
      },
      Maintenance: {
        description: "Expires unpaid orders and returns their stock",
        timeout: 60,
        environment: table,
      },
    };
    // 512 MB where the worker's own CPU is the work (TLS and signatures, stream batches), else 256.
    const plannedMemory: Record<string, number> = {
      WebhookSender: 512,
      Mailer: 256,
      OutboxForwarder: 256,
      CatalogueIndexer: 512,
      Maintenance: 256,
    };
    for (const [worker, { description, timeout, environment }] of Object.entries(expected)) {
      const fn = view.functionOf(worker);
      expect({
        description: fn.properties.Description,
        timeout: fn.properties.Timeout,
        memory: fn.properties.MemorySize,
        environment: view.environmentOf(worker),
      }).toEqual({
        description,
        timeout,
        memory: plannedMemory[worker],
        environment,
      });
    }
  });

  it("each worker role allows exactly its own logs plus what its job needs, statement by statement", () => {
    const { view } = build();
    const logGroup = (worker: string) => view.findOne("AWS::Logs::LogGroup", `${worker}Logs`).logicalId;
    expect(view.statementsOf("WebhookSender")).toEqual([
      logsStatement(logGroup("WebhookSender")),
      tracingStatement,
      tableReadWrite,
      {
        effect: "Allow",
        actions: ["secretsmanager:GetSecretValue"],
        resources: [{ Ref: "MasterSecretA11BF785" }],
      },
      // Malformed messages go to the dead-letter queue at once.
      send("WebhooksDeadLetter2DFAD1BB"),
      consume("WebhooksQueue53D37C2C"),
    ]);
    expect(view.statementsOf("Mailer")).toEqual([
      logsStatement(logGroup("Mailer")),
      tracingStatement,
      tableReadWrite,
      // The master secret derives the key that opens a key product's codes for the buyer's e-mail (#21).
      {
        effect: "Allow",
        actions: ["secretsmanager:GetSecretValue"],
        resources: [{ Ref: "MasterSecretA11BF785" }],
      },
      send("EmailsDeadLetterDA7B4416"),
      consume("EmailsQueue3086DFE6"),
      {
        effect: "Allow",
        actions: ["ses:SendEmail"],
        resources: [sesIdentity("example.com")],
      },
    ]);
    expect(view.statementsOf("OutboxForwarder")).toEqual([
      logsStatement(logGroup("OutboxForwarder")),
      tracingStatement,
      send("WebhooksQueue53D37C2C"),
      send("EmailsQueue3086DFE6"),
      send("OutboxDeadLetter52B8AA1E"),
      {
        effect: "Allow",
        actions: ["dynamodb:ListStreams"],
        resources: [arnOf("TableCD117FA1", "StreamArn")],
      },
      {
        effect: "Allow",
        actions: ["dynamodb:DescribeStream", "dynamodb:GetRecords", "dynamodb:GetShardIterator"],
        resources: [arnOf("TableCD117FA1", "StreamArn")],
      },
    ]);
    // Item reads and writes on the table (no secret, no work queue, no SES); the event source mapping adds
    // the stream reads and the send to its own dead-letter queue.
    expect(view.statementsOf("CatalogueIndexer")).toEqual([
      logsStatement(logGroup("CatalogueIndexer")),
      tracingStatement,
      tableReadWrite,
      send("CatalogueDeadLetterBBD9567B"),
      {
        effect: "Allow",
        actions: ["dynamodb:ListStreams"],
        resources: [arnOf("TableCD117FA1", "StreamArn")],
      },
      {
        effect: "Allow",
        actions: ["dynamodb:DescribeStream", "dynamodb:GetRecords", "dynamodb:GetShardIterator"],
        resources: [arnOf("TableCD117FA1", "StreamArn")],
      },
    ]);
    expect(view.statementsOf("Maintenance")).toEqual([
      logsStatement(logGroup("Maintenance")),
      tracingStatement,
      tableReadWrite,
    ]);
  });

  it.each([
    ["example.com", "no-reply@example.com"],
    ["shop@example.com", "shop@example.com"],
  ])(
    "the mailer sends from sender identity %s as %s and may use only that SES identity",
    (identity, address) => {
      const { view } = build(identity);
      expect(view.environmentOf("Mailer").SENDER_ADDRESS).toBe(address);
      const ses = view.statementsOf("Mailer").filter((s) => s.actions.some((a) => a.startsWith("ses:")));
      expect(ses).toEqual([
        {
          effect: "Allow",
          actions: ["ses:SendEmail"],
          resources: [sesIdentity(identity)],
        },
      ]);
    },
  );

  it("exposes the work queues, the outbox and catalogue dead-letter queues and the five functions it built", () => {
    const { stack, workers } = build();
    expect(
      stack.resolve({
        webhooks: workers.webhooks.queue.queueArn,
        webhooksDeadLetter: workers.webhooks.deadLetter.queueArn,
        emails: workers.emails.queue.queueArn,
        emailsDeadLetter: workers.emails.deadLetter.queueArn,
        outboxDeadLetter: workers.outboxDeadLetter.queueArn,
        catalogueDeadLetter: workers.catalogueDeadLetter.queueArn,
      }),
    ).toEqual({
      webhooks: arnOf("WebhooksQueue53D37C2C"),
      webhooksDeadLetter: arnOf("WebhooksDeadLetter2DFAD1BB"),
      emails: arnOf("EmailsQueue3086DFE6"),
      emailsDeadLetter: arnOf("EmailsDeadLetterDA7B4416"),
      outboxDeadLetter: arnOf("OutboxDeadLetter52B8AA1E"),
      catalogueDeadLetter: arnOf("CatalogueDeadLetterBBD9567B"),
    });
    expect(
      [
        workers.webhookSender,
        workers.mailer,
        workers.outboxForwarder,
        workers.catalogueIndexer,
        workers.maintenance,
      ].map((fn) => fn.node.id),
    ).toEqual(["WebhookSender", "Mailer", "OutboxForwarder", "CatalogueIndexer", "Maintenance"]);
  });
});
