import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { FunctionTrigger } from "../../../infra/local/function-scope.js";
import type { RecordedCall } from "../../../shared/aws/aws-call-recorder.js";

/** What invoked a function, as the local stack's invocation points name it (`infra/local/function-scope.ts`). */
export const functionTriggerSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("route"), routeKey: z.string() }),
  z.object({ kind: z.literal("queue"), queueName: z.string() }),
  z.object({ kind: z.literal("stream"), tableName: z.string(), filters: z.array(z.string()) }),
  z.object({ kind: z.literal("schedule"), name: z.string() }),
]) satisfies z.ZodType<FunctionTrigger>;

/** One line of a recorder's file (`shared/aws/aws-call-recorder.ts`). */
export const recordedCallSchema = z.object({
  function: functionTriggerSchema,
  service: z.string(),
  action: z.string(),
  resource: z.string(),
  leadingKeys: z.array(z.string()).optional(),
}) satisfies z.ZodType<RecordedCall>;

export type CheckedCall = z.infer<typeof recordedCallSchema>;

/** A short name for a trigger in a message: `route GET /api/v1/products`, `queue marketplace-emails`. */
export const describeTrigger = (trigger: FunctionTrigger): string => {
  switch (trigger.kind) {
    case "route":
      return `route ${trigger.routeKey}`;
    case "queue":
      return `queue ${trigger.queueName}`;
    case "stream":
      return `stream of ${trigger.tableName} (${trigger.filters.length} filters)`;
    case "schedule":
      return `schedule ${trigger.name}`;
  }
};

/** Every distinct call the recorders wrote into `folder` (one file per process), in a stable order. */
export const readRecordedCalls = (folder: string): CheckedCall[] => {
  if (!existsSync(folder)) return [];
  const lines = new Set<string>();
  for (const file of readdirSync(folder)
    .filter((name) => name.endsWith(".jsonl"))
    .sort()) {
    for (const line of readFileSync(join(folder, file), "utf8").split("\n")) if (line) lines.add(line);
  }
  return [...lines].sort().map((line) => recordedCallSchema.parse(JSON.parse(line)));
};
