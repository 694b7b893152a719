import { availableParallelism } from "node:os";
import type { TestProject } from "vitest/node";
import {
  type ProvidedStack,
  type StackProcess,
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
  readonly started: Promise<StackProcess[]>;
  users: number;
}

/** Kept on the process, not the module: each project may load this file as a module of its own. */
const holder = globalThis as typeof globalThis & { marketplaceTestStacks?: SharedStacks };

const startAll = async (count: number): Promise<StackProcess[]> => {
  const started = await Promise.allSettled(Array.from({ length: count }, () => startStackProcess()));
  const stacks = started.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
  const failed = started.find((outcome) => outcome.status === "rejected");
  if (failed) {
    await Promise.all(stacks.map((stack) => stack.stop()));
    throw failed.reason;
  }
  return stacks;
};

/**
 * Starts one local stack (DynamoDB Local, fauxqs, gateway, pollers) per core, at most one per worker, for
 * the whole run, each in its own `npm start` process, shared by the stack projects. DynamoDB Local runs every table operation on
 * one thread of its own: with one stack, both workers' requests queued behind that thread while the
 * other core waited.
 */
export default async function setup(project: TestProject) {
  // Workers inherit this process's environment: their in-process handlers read the same settings.
  Object.assign(process.env, TEST_STACK_SETTINGS);
  // One per core: each DynamoDB Local's table thread keeps one core busy, and a third worker on two
  // cores shares a stack, filling the time another file waits on a timer (see vitest.config.ts).
  const count = Math.max(1, Math.min(project.globalConfig.maxWorkers, availableParallelism()));
  holder.marketplaceTestStacks ??= { started: startAll(count), users: 0 };
  const shared = holder.marketplaceTestStacks;
  shared.users += 1;
  const stacks = await shared.started.catch((error: unknown) => {
    holder.marketplaceTestStacks = undefined;
    throw error;
  });
  project.provide(
    "stacks",
    stacks.map((stack) => stack.provided),
  );
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    holder.marketplaceTestStacks = undefined;
    await Promise.all(stacks.map((stack) => stack.stop()));
  };
}
