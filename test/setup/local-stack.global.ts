import type { TestProject } from "vitest/node";
import {
  type ProvidedStack,
  type StackProcess,
  startStackProcess,
  TEST_STACK_SETTINGS,
} from "./stack-process.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** One local stack per worker, in pool order: a file uses the one of its worker (worker-stack.ts). */
    stacks: ProvidedStack[];
  }
}

/**
 * Starts one local stack (DynamoDB Local, fauxqs, gateway, pollers) per worker for the whole run, each in
 * its own `npm start` process. DynamoDB Local runs every table operation on one thread of its own: with
 * one stack, both workers' requests queued behind that thread while the other core waited.
 */
export default async function setup(project: TestProject) {
  // Workers inherit this process's environment: their in-process handlers read the same settings.
  Object.assign(process.env, TEST_STACK_SETTINGS);
  const count = Math.max(1, project.globalConfig.maxWorkers);
  const started = await Promise.allSettled(Array.from({ length: count }, () => startStackProcess()));
  const stacks = started.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
  const stopAll = async (running: StackProcess[]) => {
    await Promise.all(running.map((stack) => stack.stop()));
  };
  const failed = started.find((outcome) => outcome.status === "rejected");
  if (failed) {
    await stopAll(stacks);
    throw failed.reason;
  }
  project.provide(
    "stacks",
    stacks.map((stack) => stack.provided),
  );
  return () => stopAll(stacks);
}
