// One function bundle, in a thread of its own with the environment the template gives it (see
// bundle-host.ts). Node loads this file with its own type stripping: it imports only Node's modules (the
// protocol's types are erased), so nothing of the project reaches the bundle but what synth put in it.
import { existsSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parentPort, workerData } from "node:worker_threads";
import type {
  BundleThreadData,
  InvocationContext,
  InvokeMessage,
  InvokeOutcome,
  ThreadStart,
} from "./bundle-protocol.js";

/** A Lambda runtime error: its type and message, as the runtime reports them. */
class RuntimeError extends Error {
  // A field, not a parameter property: Node's type stripping takes only syntax it can erase.
  readonly errorType: string;
  constructor(errorType: string, message: string) {
    super(message);
    this.errorType = errorType;
  }
}

type Handler = (event: unknown, context: object) => Promise<unknown>;

const isFile = (path: string): boolean => existsSync(path) && statSync(path).isFile();

/**
 * Loads the handler's module as the Node.js runtime does: the name as it is (CommonJS), then `.js` and
 * `.mjs` (imported), then `.cjs`, in the code's folder.
 */
const loadModule = async (codeDir: string, name: string): Promise<Record<string, unknown>> => {
  const base = join(codeDir, name);
  const require = createRequire(join(codeDir, "noop.js"));
  try {
    if (isFile(base)) return require(base) as Record<string, unknown>;
    for (const extension of [".js", ".mjs"]) {
      if (isFile(base + extension))
        return (await import(pathToFileURL(base + extension).href)) as Record<string, unknown>;
    }
    if (isFile(`${base}.cjs`)) return require(`${base}.cjs`) as Record<string, unknown>;
  } catch (error) {
    throw new RuntimeError("Runtime.ImportModuleError", String(error));
  }
  throw new RuntimeError("Runtime.ImportModuleError", `Error: Cannot find module '${name}'`);
};

/** The function `module.path.to.export` names, as the runtime resolves the Handler setting. */
const loadHandler = async ({ codeDir, handler }: BundleThreadData): Promise<Handler> => {
  const slash = handler.lastIndexOf("/");
  const dot = handler.indexOf(".", slash + 1);
  if (dot < 0) throw new RuntimeError("Runtime.MalformedHandlerName", `Bad handler ${handler}`);
  const loaded = await loadModule(codeDir, handler.slice(0, dot));
  let value: unknown = loaded;
  for (const key of handler.slice(dot + 1).split(".")) {
    value = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  }
  if (value === undefined)
    throw new RuntimeError("Runtime.HandlerNotFound", `${handler} is undefined or not exported`);
  if (typeof value !== "function")
    throw new RuntimeError("Runtime.HandlerNotFound", `${handler} is not a function`);
  return value as Handler;
};

/** No deadline: a loaded machine makes a call slow, never a timeout (the gateway's local context does the same). */
const NO_DEADLINE_MS = 2 ** 31 - 1;

const contextOf = (fields: InvocationContext): object => ({
  ...fields,
  callbackWaitsForEmptyEventLoop: true,
  getRemainingTimeInMillis: () => NO_DEADLINE_MS,
});

const errorFields = (error: unknown) => ({
  errorType: error instanceof RuntimeError ? error.errorType : error instanceof Error ? error.name : "Error",
  errorMessage: error instanceof Error ? error.message : String(error),
});

const port = parentPort;
if (port) {
  // What the function was given, read before its code runs (a library may set variables of its own).
  const envNames = Object.keys(process.env).sort();
  try {
    const handler = await loadHandler(workerData as BundleThreadData);
    port.on("message", async (message: InvokeMessage) => {
      let outcome: InvokeOutcome;
      try {
        // Lambda serializes the result to JSON: whatever would not survive that does not reach the caller.
        const result = await handler(JSON.parse(message.event), contextOf(message.context));
        outcome = { id: message.id, ok: true, payload: JSON.stringify(result) ?? "null" };
      } catch (error) {
        outcome = {
          id: message.id,
          ok: false,
          ...errorFields(error),
          stack: error instanceof Error ? error.stack : undefined,
        };
      }
      port.postMessage(outcome);
    });
    port.postMessage({ kind: "ready", envNames } satisfies ThreadStart);
  } catch (error) {
    port.postMessage({ kind: "init-failed", ...errorFields(error) } satisfies ThreadStart);
  }
}
