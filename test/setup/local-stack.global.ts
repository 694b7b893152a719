import { availableParallelism } from "node:os";
import type { TestProject } from "vitest/node";
import { buildDashboard } from "../../infra/dashboard/build.js";
import { type IamRecording, partialRun, startIamRecording } from "../infra/iam/iam-recording.js";
import {
  type ProvidedStack,
  type SharedDynamoDbLocal,
  type StackProcess,
  startSharedDynamoDbLocal,
  startStackProcess,
  TEST_STACK_SETTINGS,
} from "./stack-process.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's local stacks: a file uses the one of its worker (worker-stack.ts). */
    stacks: ProvidedStack[];
  }
}

/** The run's stacks and how many stack projects still use them (both stack projects set this file up). */
interface SharedStacks {
  readonly started: Promise<RunningStacks>;
  /** The IAM check: the stacks record their functions' AWS calls (test/infra/iam/). */
  readonly iam: IamRecording;
  users: number;
}

/** The stacks and the one DynamoDB Local that holds their databases. */
interface RunningStacks {
  readonly dynamo: SharedDynamoDbLocal;
  readonly stacks: StackProcess[];
}

/** Kept on the process, not the module: each project may load this file as a module of its own. */
const holder = globalThis as typeof globalThis & { marketplaceTestStacks?: SharedStacks };

const startAll = async (count: number): Promise<RunningStacks> => {
  // The dashboard is built once for every stack, beside DynamoDB Local's start (see start.ts); a failed
  // build stops the DynamoDB Local that started meanwhile.
  const [jvm, built] = await Promise.allSettled([startSharedDynamoDbLocal(), buildDashboard()]);
  if (jvm.status === "rejected") throw jvm.reason;
  const dynamo = jvm.value;
  if (built.status === "rejected") {
    await dynamo.stop();
    throw built.reason;
  }
  const started = await Promise.allSettled(
    Array.from({ length: count }, (_, i) => startStackProcess(dynamo, `stack${i + 1}`)),
  );
  const stacks = started.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
  const failed = started.find((outcome) => outcome.status === "rejected");
  if (failed) {
    await stopAll({ dynamo, stacks });
    throw failed.reason;
  }
  return { dynamo, stacks };
};

/** Stops the stacks, then the DynamoDB Local they used (a poller still asking it would log a failure). */
const stopAll = async ({ dynamo, stacks }: RunningStacks): Promise<void> => {
  await Promise.all(stacks.map((stack) => stack.stop()));
  await dynamo.stop();
};

/**
 * Starts one local stack (fauxqs, gateway, pollers, a database of its own) per core, at most one per
 * worker, for the whole run, each in its own `npm start` process, shared by the stack projects.
 * DynamoDB Local runs every operation on a database on one thread of its own: with one database, both
 * workers' requests queued behind that thread while the other core waited. One DynamoDB Local holds
 * every stack's database (startSharedDynamoDbLocal).
 */
export default async function setup(project: TestProject) {
  // Workers inherit this process's environment: their in-process handlers read the same settings.
  Object.assign(process.env, TEST_STACK_SETTINGS);
  // One per core: each database's SQLite thread keeps one core busy, and a third worker on two
  // cores shares a stack, filling the time another file waits on a timer (see vitest.config.ts).
  const count = Math.max(1, Math.min(project.globalConfig.maxWorkers, availableParallelism()));
  if (!holder.marketplaceTestStacks) {
    const iam = startIamRecording();
    holder.marketplaceTestStacks = { started: iam.recordDuring(() => startAll(count)), iam, users: 0 };
  }
  const shared = holder.marketplaceTestStacks;
  shared.users += 1;
  const running = await shared.started.catch(async (error: unknown) => {
    holder.marketplaceTestStacks = undefined;
    await shared.iam.discard();
    throw error;
  });
  project.provide(
    "stacks",
    running.stacks.map((stack) => stack.provided),
  );
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    holder.marketplaceTestStacks = undefined;
    // Should vitest's ten seconds for teardown run out mid-check, the run fails instead of passing unchecked.
    const exitCode = process.exitCode;
    process.exitCode = 1;
    try {
      await stopAll(running);
      const [first] = running.stacks;
      await shared.iam.check(first?.provided.stackEnv ?? {}, await partialRun(project));
      process.exitCode = exitCode;
    } finally {
      await shared.iam.discard();
    }
  };
}
