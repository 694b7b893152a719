import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SQSClient } from "@aws-sdk/client-sqs";
import type {
  APIGatewayProxyStructuredResultV2,
  DynamoDBBatchResponse,
  DynamoDBStreamEvent,
  SQSBatchResponse,
} from "aws-lambda";
import { type BundleHost, FunctionError, startBundleHost } from "../../../infra/local/bundle-host.js";
import type { CloudAssembly, Schedule } from "../../../infra/local/cloud-assembly.js";
import { createGateway } from "../../../infra/local/gateway.js";
import {
  LOCAL_ACCOUNT,
  LOCAL_REGION,
  lambdaRuntimeEnvironment,
  localOverrides,
} from "../../../infra/local/lambda-runtime-environment.js";
import {
  type LocalStackConfig,
  localConfigFromEnv,
  localCredentials,
  localEndpoints,
} from "../../../infra/local/local-environment.js";
import { type QueuePoller, startQueuePoller } from "../../../infra/local/queue-poller.js";
import {
  createCheckpointStore,
  type StreamPoller,
  startStreamPoller,
} from "../../../infra/local/stream-poller.js";
import {
  type LocalNames,
  type LocalResource,
  resolveEnvironment,
} from "../../../infra/local/template-environment.js";
import type { ApiHandler } from "../../../shared/http/group-handler.js";
import { type EndpointGroup, endpointGroups } from "../../../shared/http/routes.js";
import {
  type SecretsAndMailEndpoint,
  startSecretsAndMailEndpoint,
} from "../../support/secrets-and-mail-endpoint.js";
import { ofType, provisionTemplateResources, type TemplateResources } from "./template-resources.js";

/**
 * The service as `cdk synth` built it, on local services: every function of the template runs from its
 * bundle in a thread of its own with the environment the template gives it (resolved to this stack's
 * names), behind the local gateway, the queue and stream pollers and the schedule, as the template wires
 * them. Its table is a database of its own in the run's DynamoDB Local; its queues and buckets, named
 * after the template's logical ids, live in the worker stack's fauxqs beside that stack's own.
 */
export interface ArtifactStack {
  /** The gateway's base URL. */
  readonly url: string;
  readonly config: LocalStackConfig;
  /** What `npm run ops` needs to reach this stack (the ops runner's environment). */
  readonly opsSettings: Readonly<Record<string, string>>;
  /** Each function's bundle, by logical id. */
  readonly hosts: ReadonlyMap<string, BundleHost>;
  /** The whole environment each function's thread was given, by logical id. */
  readonly environments: ReadonlyMap<string, Readonly<Record<string, string>>>;
  /** Secrets Manager and SES, as the functions called them. */
  readonly secretsAndMail: SecretsAndMailEndpoint;
  /** Every invocation that ended in a function error, in order. */
  readonly failures: readonly FunctionError[];
  /** The route keys requests reached a function through. */
  readonly invokedRoutes: ReadonlySet<string>;
  /** How many invocations each function has had, by logical id. */
  readonly invocations: ReadonlyMap<string, number>;
  /** The local URL of one of the template's queues, by logical id. */
  queueUrl(queueId: string): string;
  /** Invokes a schedule's function with the event EventBridge sends it; resolves with its result. */
  runSchedule(schedule: Schedule): Promise<unknown>;
  stop(): Promise<void>;
}

export interface ArtifactStackOptions {
  readonly assembly: CloudAssembly;
  /** The run's DynamoDB Local and the database (access key, letters and digits) this stack's table lives in. */
  readonly dynamoPort: number;
  readonly database: string;
  readonly fauxqsPort: number;
  /** Where the stack's secrets are kept (master secret, payment-callback secret), as `npm start` keeps them. */
  readonly stateDir: string;
}

/**
 * A stream batch as Lambda's event source mapping delivers it: each record with its `eventSourceARN` (the
 * local poller already hands the change's time on as Lambda does, in epoch seconds).
 */
const lambdaStreamEvent = (
  event: DynamoDBStreamEvent,
  table: LocalResource | undefined,
): DynamoDBStreamEvent => {
  const streamArn = table?.attributes?.StreamArn;
  return streamArn
    ? { Records: event.Records.map((record) => ({ ...record, eventSourceARN: streamArn })) }
    : event;
};

/** Starts the artifact stack; whatever started is stopped again if a later step fails. */
export const startArtifactStack = async (options: ArtifactStackOptions): Promise<ArtifactStack> => {
  const { assembly } = options;
  const config = localConfigFromEnv({
    DYNAMODB_LOCAL_PORT: String(options.dynamoPort),
    DYNAMODB_LOCAL_EXTERNAL: "true",
    DYNAMODB_LOCAL_DATABASE: options.database,
    FAUXQS_PORT: String(options.fauxqsPort),
    LOCAL_STATE: "memory",
    LOCAL_STATE_DIR: options.stateDir,
  });
  const endpoints = localEndpoints(config);
  const credentials = localCredentials(config);
  const prefix = options.database.toLowerCase();
  const sqs = new SQSClient({ endpoint: endpoints.fauxqs, region: LOCAL_REGION, credentials });
  const hosts = new Map<string, BundleHost>();
  const environments = new Map<string, Record<string, string>>();
  const failures: FunctionError[] = [];
  const invokedRoutes = new Set<string>();
  const invocations = new Map<string, number>();
  const pollers: (QueuePoller | StreamPoller)[] = [];
  let resources: TemplateResources | undefined;
  let secretsAndMail: SecretsAndMailEndpoint | undefined;
  let gateway: Server | undefined;

  const stop = async () => {
    await Promise.all(pollers.map((poller) => poller.stop()));
    if (gateway?.listening) {
      const closing = gateway;
      closing.closeAllConnections();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    }
    await Promise.all([...hosts.values()].map((host) => host.stop()));
    await secretsAndMail?.close();
    await resources?.remove();
    sqs.destroy();
  };

  /** Invokes a function's bundle; a function error is recorded before it reaches the caller. */
  const invoke = async (functionId: string, event: unknown, requestId?: string): Promise<unknown> => {
    const host = hosts.get(functionId);
    if (!host) throw new Error(`No function ${functionId} runs in the artifact stack`);
    invocations.set(functionId, (invocations.get(functionId) ?? 0) + 1);
    try {
      return await host.invoke(event, requestId);
    } catch (error) {
      if (error instanceof FunctionError) failures.push(error);
      throw error;
    }
  };

  try {
    resources = await provisionTemplateResources(assembly, config, prefix);
    const { names, urls } = resources;
    secretsAndMail = await startSecretsAndMailEndpoint(resources.secrets);

    // The gateway first: the API's endpoint is in the functions' environment (PUBLIC_BASE_URL).
    // Every group's handler is the same dispatch: the template, not the route table, says which
    // function serves a route key, so a route integrated with the wrong function is served by that one.
    const dispatch: ApiHandler = async (event) => {
      const functionId = assembly.routes.get(event.routeKey);
      if (!functionId) throw new Error(`The template has no route ${event.routeKey}`);
      invokedRoutes.add(event.routeKey);
      return (await invoke(
        functionId,
        event,
        event.requestContext.requestId,
      )) as APIGatewayProxyStructuredResultV2;
    };
    const imageUrl = urls[0]?.local ?? endpoints.fauxqs;
    const handlers = Object.fromEntries(endpointGroups.map((group) => [group, dispatch])) as Record<
      EndpointGroup,
      ApiHandler
    >;
    gateway = createGateway(handlers, {
      imageOrigin: new URL(imageUrl).origin,
    });
    const listening = gateway;
    await new Promise<void>((resolve, reject) => {
      listening.once("error", reject);
      listening.listen(0, config.host, () => resolve());
    });
    const url = `http://${config.host}:${(listening.address() as AddressInfo).port}`;
    for (const [id] of ofType(assembly.resources, "AWS::ApiGatewayV2::Api")) {
      names.set(id, { ref: id, attributes: { ApiEndpoint: url, ApiId: id } });
    }
    for (const id of assembly.functions.keys()) {
      names.set(id, {
        ref: id,
        attributes: { Arn: `arn:aws:lambda:${LOCAL_REGION}:${LOCAL_ACCOUNT}:function:${id}` },
      });
    }

    // Every function CloudFormation deploys and something in the template invokes (not CDK's own
    // custom-resource providers, which only run during a deployment), each from its bundle.
    const localNames: LocalNames = { resources: names, region: LOCAL_REGION, accountId: LOCAL_ACCOUNT, urls };
    const overrides = localOverrides({ ...endpoints, secretsAndMail: secretsAndMail.url });
    const started = await Promise.allSettled(
      [...assembly.functions.values()]
        .filter((fn) => !assembly.customResourceProviders.has(fn.logicalId))
        .map(async (fn) => {
          const own = resolveEnvironment(fn, localNames);
          const hidden = Object.keys(own).filter((name) => name in overrides);
          if (hidden.length > 0)
            throw new Error(`${fn.logicalId} sets ${hidden.join(", ")}, which the local stack overrides`);
          const env = { ...lambdaRuntimeEnvironment(fn, credentials), ...overrides, ...own };
          environments.set(fn.logicalId, env);
          const host = await startBundleHost({
            name: fn.logicalId,
            codeDir: fn.codeDir,
            handler: fn.handler,
            env,
            ...(fn.memorySize === undefined ? {} : { memorySize: fn.memorySize }),
          });
          hosts.set(fn.logicalId, host);
        }),
    );
    const failedToStart = started.flatMap((outcome) =>
      outcome.status === "rejected" ? [outcome.reason] : [],
    );
    if (failedToStart.length > 0) {
      throw new AggregateError(failedToStart, failedToStart.map((error) => String(error)).join("\n"));
    }

    // The template's event source mappings: its queues' batches and its table's filtered stream.
    for (const source of assembly.queueSources) {
      const queueUrl = names.get(source.queueId)?.ref;
      if (!queueUrl) throw new Error(`No local queue for ${source.queueId}`);
      pollers.push(
        await startQueuePoller(
          sqs,
          queueUrl,
          async (event) => (await invoke(source.functionId, event)) as SQSBatchResponse,
          source.batchSize === undefined ? {} : { batchSize: Math.min(source.batchSize, 10) },
        ),
      );
    }
    for (const source of assembly.streamSources) {
      pollers.push(
        await startStreamPoller({
          endpoint: endpoints.dynamodb,
          credentials,
          tableName: config.tableName,
          handler: async (event) =>
            (await invoke(
              source.functionId,
              lambdaStreamEvent(event, names.get(source.tableId)),
            )) as DynamoDBBatchResponse,
          filters: source.filters,
          checkpoints: createCheckpointStore(),
        }),
      );
    }

    return {
      url,
      config,
      opsSettings: {
        DYNAMODB_LOCAL_PORT: String(config.dynamoPort),
        DYNAMODB_LOCAL_EXTERNAL: "true",
        DYNAMODB_LOCAL_DATABASE: config.dynamoDatabase,
        FAUXQS_PORT: String(config.fauxqsPort),
        PORT: new URL(url).port,
        LOCAL_STATE: "memory",
        LOCAL_STATE_DIR: config.stateDir,
      },
      hosts,
      environments,
      secretsAndMail,
      failures,
      invokedRoutes,
      invocations,
      queueUrl: (queueId) => {
        const queue = names.get(queueId)?.ref;
        if (assembly.resources[queueId]?.Type !== "AWS::SQS::Queue" || !queue) {
          throw new Error(`${queueId} is no queue of the template`);
        }
        return queue;
      },
      runSchedule: (schedule) =>
        invoke(schedule.functionId, {
          version: "0",
          id: randomUUID(),
          "detail-type": "Scheduled Event",
          source: "aws.events",
          account: LOCAL_ACCOUNT,
          time: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
          region: LOCAL_REGION,
          resources: [`arn:aws:events:${LOCAL_REGION}:${LOCAL_ACCOUNT}:rule/${schedule.ruleId}`],
          detail: {},
        }),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};
