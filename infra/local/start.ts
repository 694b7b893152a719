import { buildDashboard } from "../dashboard/build.js";
import { describeUnexpectedExit } from "./child-process.js";
import { localConfigFromEnv } from "./local-environment.js";
import { type LocalStack, startLocalStack } from "./local-stack.js";

/** `npm start`: the whole service on this machine until Ctrl-C, SIGTERM, or one of its children dies. */
const main = async () => {
  const config = localConfigFromEnv();
  let stack: LocalStack | undefined;
  let stopReason: string | undefined;
  // A stop asked for while starting aborts the start-up, which stops whatever had started.
  const starting = new AbortController();
  const stopped = (exitCode: number) => {
    console.log("local stack stopped");
    process.exit(exitCode);
  };
  const shutdown = async (reason: string, exitCode = 0) => {
    if (stopReason !== undefined) return;
    stopReason = reason;
    (exitCode === 0 ? console.log : console.error)(`${reason}: stopping the local stack`);
    if (!stack) return starting.abort();
    await stack.stop();
    stopped(exitCode);
  };
  // Installed before anything starts, so no signal can end this process and leave its children behind.
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
    process.on(signal, () => void shutdown(signal));
  // npm passes SIGINT and SIGTERM on (its script execs node), but not SIGHUP, and a killed npm passes
  // nothing: when the process that started us goes, we go too.
  const parent = process.ppid;
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      void shutdown("parent exited");
    }
  }, 1000).unref();

  // DynamoDB Local is a JVM: a cold start takes seconds, so each step says what it is waiting for.
  console.log("Starting the marketplace local stack");
  // The dashboard is built here so a newcomer needs no command of their own; the test run builds it
  // once for all its stacks and says so, so two stacks never write the same folder.
  if (process.env.DASHBOARD_PREBUILT !== "1") {
    await buildDashboard();
    console.log("  dashboard built");
  }
  try {
    stack = await startLocalStack(config, {
      onStep: (step) => console.log(`  ${step}`),
      signal: starting.signal,
    });
  } catch (error) {
    // Ctrl-C while starting also ends the children, which then fail their start: that is the stop asked for.
    if (stopReason !== undefined) return stopped(0);
    throw error;
  }
  console.log(`Marketplace local stack listening on ${stack.url}`);
  console.log(`Seller dashboard: ${stack.url}/dashboard/`);
  console.log(
    `state: ${config.persist ? config.stateDir : "memory"} · DynamoDB Local :${config.dynamoPort} · fauxqs :${config.fauxqsPort}`,
  );
  console.log(
    'Create a seller: npm run -s ops -- account create --name "Demo Store" --email demo@example.com',
  );
  // Without DynamoDB Local or fauxqs every request would answer 500 and the pollers log failures
  // several times a second: better to say which child died and stop, so a supervisor or the user sees it.
  void stack.childExit.then((exit) => shutdown(describeUnexpectedExit(exit), 1));
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
