import { apiHandlers } from "../../infra/local/handler-registry.js";
import type { EndpointGroup } from "../../shared/http/routes.js";

/**
 * How long each Lambda handler ran and what it answered, as Lambda would bill it (from the call to its answer), apart from
 * the local gateway and HTTP around it. The local gateway looks a group's handler up in the exported
 * registry on every request, so wrapping the registry's entries (before the stack starts) times every
 * invocation without touching the gateway.
 */
/** One handler call: which function, how long, what status it answered (0 when it threw). */
export interface HandlerCall {
  readonly group: EndpointGroup;
  readonly ms: number;
  readonly status: number;
}

const calls: HandlerCall[] = [];
let inFlight = 0;
let installed = false;

export const installHandlerTimer = (): void => {
  if (installed) return;
  installed = true;
  for (const group of Object.keys(apiHandlers) as EndpointGroup[]) {
    const handler = apiHandlers[group];
    apiHandlers[group] = async (...args) => {
      const started = performance.now();
      inFlight += 1;
      let status = 0;
      try {
        const result = await handler(...args);
        status = result.statusCode ?? 200;
        return result;
      } finally {
        inFlight -= 1;
        calls.push({ group, ms: performance.now() - started, status });
      }
    };
  }
};

/** The handler calls since the last take. */
export const takeHandlerCalls = (): HandlerCall[] => calls.splice(0, calls.length);

/** Resolves once no handler is running (a load generator that stopped may leave requests in flight). */
export const handlersIdle = async (): Promise<void> => {
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
};
