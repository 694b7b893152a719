// The fauxqs child process of the local stack. fauxqs's own CLI starts its library with `{ logger: true }`
// and nothing else (persistence has no environment fallback), so state never survived a restart; this
// starts the same library with the options the local stack chose, passed as one JSON argument.
// Node runs this file directly (type stripping, no tsx), so it holds only erasable TypeScript and
// imports nothing of ours.
import { Server } from "node:net";
import { startFauxqs } from "fauxqs";

/** What `fauxqs-process.ts` passes: the address and port, and the SQLite folder when the stack persists state. */
interface FauxqsMainOptions {
  readonly host: string;
  readonly port: number;
  readonly dataDir?: string;
}

const options = JSON.parse(process.argv[2] ?? "{}") as FauxqsMainOptions;

// fauxqs (2.4) always listens on 0.0.0.0: startFauxqs passes that address to Fastify itself, and its
// `host` option only names queue URLs. This process runs fauxqs and nothing else, so its one listen is
// moved to the stack's address. A listen of any other shape is refused rather than let through, so an
// upgrade that changes how fauxqs listens fails to start instead of quietly listening everywhere.
const listen = Server.prototype.listen;
Server.prototype.listen = function listenOnStackAddress(this: Server, ...args: unknown[]) {
  const [first, ...rest] = args;
  if (typeof first !== "object" || first === null || !("host" in first)) {
    throw new Error(`fauxqs listened in an unexpected way (${JSON.stringify(first)}); refusing to bind`);
  }
  return listen.call(this, { ...first, host: options.host }, ...(rest as []));
} as typeof listen;

const server = await startFauxqs({
  port: options.port,
  logger: false,
  ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
});

// Closing runs fauxqs's pre-close hook, which closes the SQLite database cleanly; once, whichever
// news comes first (a signal, then the stack's exit closing stdin).
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void server.stop().finally(() => process.exit(0));
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
// The local stack holds our stdin open; when it ends, however abruptly (SIGKILL included), the pipe
// closes and we stop too, instead of holding the port and the data for nobody.
process.stdin.once("close", stop);
process.stdin.resume();
