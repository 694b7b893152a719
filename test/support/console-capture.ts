import { AsyncLocalStorage } from "node:async_hooks";
import { format } from "node:util";

/** Where the console lines written inside one captured call go, split as a process's fds would be. */
interface ConsoleSinks {
  stdout(text: string): void;
  stderr(text: string): void;
}

const capturing = new AsyncLocalStorage<ConsoleSinks>();

/** Console methods by the stream a real process writes them to. */
const STREAMS = {
  log: "stdout",
  info: "stdout",
  debug: "stdout",
  warn: "stderr",
  error: "stderr",
} as const;

let installed = false;

/**
 * Routes console lines written by `body` (and everything it awaits) to `sinks`, as a child process's
 * stdout and stderr would hold them; lines from outside any captured call reach the console as before.
 * Keyed by async context, so captured calls may overlap (two commands in parallel) without mixing lines.
 */
export const captureConsole = <T>(sinks: ConsoleSinks, body: () => Promise<T>): Promise<T> => {
  if (!installed) {
    installed = true;
    for (const [method, stream] of Object.entries(STREAMS) as [keyof typeof STREAMS, "stdout" | "stderr"][]) {
      const original = console[method].bind(console);
      console[method] = (...args: unknown[]) => {
        const sinksOfCall = capturing.getStore();
        if (sinksOfCall) sinksOfCall[stream](`${format(...args)}\n`);
        else original(...args);
      };
    }
  }
  return capturing.run(sinks, body);
};
