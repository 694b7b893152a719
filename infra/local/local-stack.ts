import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { SQSClient } from "@aws-sdk/client-sqs";
import { type ChildExit, type StartingChild, stopChild } from "./child-process.js";
import { startDynamoDbLocal } from "./dynamodb-local.js";
import { startFauxqs } from "./fauxqs-process.js";
import { createGateway } from "./gateway.js";
import { apiHandlers, scheduledHandlers, streamHandlers, workerHandlers } from "./handler-registry.js";
import { applyLocalEnvironment, type LocalStackConfig, localEndpoints } from "./local-environment.js";
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

/**
 * Starts DynamoDB Local and fauxqs as child processes, creates the table, queues and bucket, serves
 * every route through the local gateway and runs the queue pollers. Whatever started is stopped again
 * if a later step fails; a child that dies later is reported through `childExit`.
 */
export const startLocalStack = async (config: LocalStackConfig): Promise<LocalStack> => {
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
    await Promise.all(streamPollers.map((p) => p.stop()));
    await Promise.all(pollers.map((p) => p.stop()));
    sqs?.destroy();
    if (server?.listening) {
      const closing = server;
      closing.closeAllConnections();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    }
    await Promise.all(children.map((child) => stopChild(child)));
  };

  try {
    // Each child is tracked the moment it is spawned, so a failure later in start-up still stops it.
    const dynamo = await startDynamoDbLocal(config);
    track(dynamo);
    const fauxqs = await startFauxqs(config);
    track(fauxqs);
    await Promise.all([dynamo.ready, fauxqs.ready]);
    await createLocalTable(config);
    const queueUrls = await createLocalQueues(config);
    await createLocalBucket(config);

    applyLocalEnvironment(config);
    // Without persistence every run starts empty, the mail outbox and stream checkpoints included.
    if (!config.persist) {
      rmSync(process.env.MAIL_OUTBOX_FILE ?? join(config.stateDir, "mail-outbox.jsonl"), { force: true });
    }
    process.env.WEBHOOK_QUEUE_URL = queueUrls.webhooks;
    process.env.EMAIL_QUEUE_URL = queueUrls.emails;

    server = createGateway(apiHandlers);
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once("error", reject);
      listening.listen(config.port, config.host, () => resolve());
    });
    const port = (listening.address() as AddressInfo).port;
    process.env.PUBLIC_BASE_URL = `http://${config.host}:${port}`;

    // Outbox items reach their queues, and product changes the catalogue, through the table's stream,
    // as in AWS: one poller per consumer, like one event source mapping each. A persisted stack resumes
    // from its checkpoints, so what was committed while it was down is still handed on.
    for (const [name, handler] of Object.entries(streamHandlers)) {
      streamPollers.push(
        await startStreamPoller({
          endpoint: localEndpoints(config).dynamodb,
          tableName: config.tableName,
          handler,
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

    // The maintenance schedule: every minute in AWS, every few seconds here so expiry is visible quickly.
    maintenanceTimer = setInterval(() => {
      scheduledHandlers
        .maintenance()
        .catch((error: unknown) =>
          console.error(
            JSON.stringify({ level: "error", message: "Maintenance failed", error: String(error) }),
          ),
        );
    }, config.maintenanceIntervalMs);
    maintenanceTimer.unref();

    return { url: `http://${config.host}:${port}`, queueUrls, childExit, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};
