import { inject } from "vitest";
import type { ProvidedStack } from "../setup/stack-process.js";

/**
 * The local stack of the worker running this file (VITEST_POOL_ID, from 1 to the run's workers; workers
 * beyond the stacks share them in turn): every request and service call of a file reaches that stack.
 */
export const workerStack = (): ProvidedStack => {
  const stacks = inject("stacks");
  const pool = Number(process.env.VITEST_POOL_ID ?? "1");
  const stack = stacks[(pool - 1) % stacks.length];
  if (!stack) throw new Error(`No local stack for worker ${pool} of ${stacks.length}`);
  return stack;
};
