import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { SQSClient } from "@aws-sdk/client-sqs";
import { type ChildExit, type StartingChild, stopChild } from "./child-process.js";
import { assertDynamoDbLocalAnswers, startDynamoDbLocal } from "./dynamodb-local.js";
import { startFauxqs } from "./fauxqs-process.js";
import { invokedBy } from "./function-scope.js";
import { createGateway } from "./gateway.js";
import {
  apiHandlers,
  scheduledHandlers,
  streamFilters,
  streamHandlers,
  workerHandlers,
} from "./handler-registry.js";
import {
  applyLocalEnvironment,
  type LocalStackConfig,
  localCredentials,
  localEndpoints,
  localImageBaseUrl,
} from "./local-environment.js";
import { createLocalBucket, createLocalQueues, createLocalTable, type LocalQueueUrls } from "./provision.js";
import { type QueuePoller, startQueuePoller } from "./queue-poller.js";
import { createCheckpointStore, type StreamPoller, startStreamPoller } from "./stream-poller.js";

/** A running local stack. */
export interface LocalStack {
  readonly url: string;
  readonly queueUrls: LocalQueueUrls;
  /**
   * Resolves when DynamoDB Local or fauxqs exits while the stack is not stopping: from then on every
   * request that needs it fails, so whoever runs the stack should stop it. Never resolves otherwise.
   */
  readonly childExit: Promise<ChildExit>;
  stop(): Promise<void>;
}

/** How `npm start` follows and interrupts the start-up; tests and benchmarks pass nothing. */
export interface StartOptions {
  /** Told one line per step as it completes ("DynamoDB Local ready after 4.1 s"). */
  readonly onStep?: (message: string) => void;
  /** Aborting it stops whatever has started and rejects, instead of finishing the start-up first. */
  readonly signal?: AbortSignal;
}

/**
 * Starts DynamoDB Local and fauxqs as child processes, creates the table, queues and bucket, serves
 * every route through the local gateway and runs the queue pollers. Whatever started is stopped again
 * if a later step fails or the start-up is aborted; a child that dies later is reported through
 * `childExit`.
 */
export const startLocalStack = async (
  config: LocalStackConfig,
  { onStep = () => undefined, signal }: StartOptions = {},
): Promise<LocalStack> => {
  const children: ChildProcess[] = [];
  const pollers: QueuePoller[] = [];
  let sqs: SQSClient | undefined;
  let server: ReturnType<typeof createGateway> | undefined;
  let maintenanceTimer: NodeJS.Timeout | undefined;
  const streamPollers: StreamPoller[] = [];
  let stopping = false;
  let reportChildExit: (exit: ChildExit) => void = () => undefined;
  const childExit = new Promise<ChildExit>((resolve) => {
    reportChildExit = resolve;
  });
  const track = ({ name, child }: StartingChild) => {
    children.push(child);
    // Only an exit before `stop` is news; during it, each child exits because we asked it to.
    child.once("exit", (code, signal) => {
      if (!stopping) reportChildExit({ name, code, signal });
    });
  };

  const stop = async () => {
    stopping = true;
    clearInterval(maintenanceTimer);
    // Every poller is told to stop in this same tick, before anything is awaited: a poller still running
    // while another is awaited would log its next failed poll when Ctrl-C has already ended a child.
    await Promise.all([...streamPollers, ...pollers].map((p) => p.stop()));
    sqs?.destroy();
    if (server?.listening) {
      const closing = server;
      closing.closeAllConnections();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    }
    await Promise.all(children.map((child) => stopChild(child)));
  };

  try {
    signal?.throwIfAborted();
    const started = Date.now();
    const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
    // Each child is tracked the moment it is spawned, so a failure later in start-up still stops it.
    // A DynamoDB Local started elsewhere (the test run's, shared by its stacks) is used, not started.
    const dynamo = config.dynamoExternal ? undefined : await startDynamoDbLocal(config);
    if (dynamo) {
      track(dynamo);
      onStep(
        `DynamoDB Local starting on :${config.dynamoPort} (${config.persist ? `data in ${config.stateDir}` : "in memory"})`,
      );
    } else {
      await assertDynamoDbLocalAnswers(config);
      onStep(`DynamoDB Local already running on :${config.dynamoPort} (database ${config.dynamoDatabase})`);
    }
    const fauxqs = await startFauxqs(config);
    track(fauxqs);
    onStep(`fauxqs (SQS and S3) starting on :${config.fauxqsPort}`);
    // Each says when it is ready; a failure reaches the caller through the Promise.all below.
    for (const child of dynamo ? [dynamo, fauxqs] : [fauxqs])
      child.ready.then(() => onStep(`${child.name} ready after ${seconds()}`)).catch(() => undefined);
    // DynamoDB Local may take many seconds: an abort does not wait for it.
    const aborted = new Promise<never>((_, reject) => {
      if (signal?.aborted) reject(signal.reason);
      signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
    });
    aborted.catch(() => undefined);
    await Promise.race([Promise.all([dynamo?.ready, fauxqs.ready]), aborted]);
    signal?.throwIfAborted();
    await createLocalTable(config);
    onStep(`table ${config.tableName} ready`);
    const queueUrls = await createLocalQueues(config);
    onStep(`queues ready: ${Object.values(config.queues).join(", ")}`);
    await createLocalBucket(config);
    onStep(`bucket ${config.imageBucket} ready`);

    signal?.throwIfAborted();
    applyLocalEnvironment(config);
    // Without persistence every run starts empty, the mail outbox and stream checkpoints included.
    if (!config.persist) {
      rmSync(process.env.MAIL_OUTBOX_FILE ?? join(config.stateDir, "mail-outbox.jsonl"), { force: true });
    }
    process.env.WEBHOOK_QUEUE_URL = queueUrls.webhooks;
    process.env.EMAIL_QUEUE_URL = queueUrls.emails;

    // The dashboard shows images from the bucket's origin, which its CSP must therefore allow.
    server = createGateway(apiHandlers, { imageOrigin: new URL(localImageBaseUrl(config)).origin });
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once("error", reject);
      listening.listen(config.port, config.host, () => resolve());
    });
    const port = (listening.address() as AddressInfo).port;
    process.env.PUBLIC_BASE_URL = `http://${config.host}:${port}`;
    onStep(`gateway listening on :${port}`);

    // Outbox items reach their queues, and product changes the catalogue, through the table's stream,
    // as in AWS: one poller per consumer, like one event source mapping each. A persisted stack resumes
    // from its checkpoints, so what was committed while it was down is still handed on.
    for (const [name, handler] of Object.entries(streamHandlers)) {
      streamPollers.push(
        await startStreamPoller({
          endpoint: localEndpoints(config).dynamodb,
          credentials: localCredentials(config),
          tableName: config.tableName,
          handler,
          filters: streamFilters[name as keyof typeof streamFilters],
          checkpoints: createCheckpointStore(
            config.persist
              ? join(
                  config.stateDir,
                  name === "outbox" ? "stream-checkpoints.json" : `stream-checkpoints-${name}.json`,
                )
              : undefined,
          ),
        }),
      );
    }

    sqs = new SQSClient({ endpoint: localEndpoints(config).fauxqs });
    pollers.push(await startQueuePoller(sqs, queueUrls.webhooks, workerHandlers.webhooks));
    pollers.push(await startQueuePoller(sqs, queueUrls.emails, workerHandlers.emails));
    onStep(
      `pollers running: table stream (${Object.keys(streamHandlers).join(", ")}), queues (webhooks, emails); ready after ${seconds()}`,
    );

    // The maintenance schedule: every minute in AWS, every few seconds here so expiry is visible quickly.
    maintenanceTimer = setInterval(() => {
      invokedBy({ kind: "schedule", name: "maintenance" }, scheduledHandlers.maintenance).catch(
        (error: unknown) => {
          // A run cut off by the stop (DynamoDB Local already gone on Ctrl-C) is not a failure.
          if (stopping) return;
          console.error(
            JSON.stringify({ level: "error", message: "Maintenance failed", error: String(error) }),
          );
        },
      );
    }, config.maintenanceIntervalMs);
    maintenanceTimer.unref();

    // A stop asked for after the last wait above (Ctrl-C just as the gateway said it listens) would be
    // lost: `npm start` ignores a second Ctrl-C while the first one's stop runs, and the stack served on.
    signal?.throwIfAborted();
    return { url: `http://${config.host}:${port}`, queueUrls, childExit, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};
