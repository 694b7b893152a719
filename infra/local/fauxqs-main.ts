// The fauxqs child process of the local stack. fauxqs's own CLI starts its library with `{ logger: true }`
// and nothing else (persistence has no environment fallback), so state never survived a restart; this
// starts the same library with the options the local stack chose, passed as one JSON argument.
// Node runs this file directly (type stripping, no tsx), so it holds only erasable TypeScript and
// imports nothing of ours.
import { startFauxqs } from "fauxqs";

/** What `fauxqs-process.ts` passes: the port, and the SQLite folder when the stack persists state. */
interface FauxqsMainOptions {
  readonly port: number;
  readonly dataDir?: string;
}

const options = JSON.parse(process.argv[2] ?? "{}") as FauxqsMainOptions;
const server = await startFauxqs({
  port: options.port,
  logger: false,
  ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
});

// Closing runs fauxqs's pre-close hook, which closes the SQLite database cleanly.
const stop = () => {
  void server.stop().finally(() => process.exit(0));
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
