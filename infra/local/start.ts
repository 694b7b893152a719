import { describeUnexpectedExit } from "./child-process.js";
import { localConfigFromEnv } from "./local-environment.js";
import { startLocalStack } from "./local-stack.js";

/** `npm start`: the whole service on this machine until Ctrl-C, SIGTERM, or one of its children dies. */
const main = async () => {
  const config = localConfigFromEnv();
  const stack = await startLocalStack(config);
  console.log(`Marketplace local stack listening on ${stack.url}`);
  console.log(
    `state: ${config.persist ? config.stateDir : "memory"} · DynamoDB Local :${config.dynamoPort} · fauxqs :${config.fauxqsPort}`,
  );
  console.log('Create a seller: npm run ops -- account create --name "Demo Store" --email demo@example.com');
  let stopping = false;
  const shutdown = async (reason: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    (exitCode === 0 ? console.log : console.error)(`${reason}: stopping the local stack`);
    await stack.stop();
    process.exit(exitCode);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
    process.on(signal, () => void shutdown(signal));
  // Without DynamoDB Local or fauxqs every request would answer 500 and the pollers log failures
  // several times a second: better to say which child died and stop, so a supervisor or the user sees it.
  void stack.childExit.then((exit) => shutdown(describeUnexpectedExit(exit), 1));
  // npm does not pass SIGTERM on through its shell, so when the process that started us goes, we go too.
  const parent = process.ppid;
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      void shutdown("parent exited");
    }
  }, 1000).unref();
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
