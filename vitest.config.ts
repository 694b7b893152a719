import { defineConfig } from "vitest/config";
import { filesSharingState } from "./test/setup/shared-state.js";
import { SlowestFilesReporter } from "./test/setup/slowest-files-reporter.js";
import { HANG_GUARD_MS } from "./test/support/hang-guard.js";

/** Tests that need the local stack (DynamoDB Local, fauxqs, the gateway) say so in their file name. */
const STACK_TESTS = "test/**/*.stack.test.ts";
/** CDK assertions synthesize the whole stack: no service, but seconds per file. */
const CDK_TESTS = "test/infra/cdk/**/*.test.ts";
/** Unit tests: everything else. */
const UNIT_TESTS = "test/**/*.test.ts";

// A worker keeps its modules from file to file (isolate: false): importing the AWS SDK and the service
// again for every file cost about a quarter of the loop's CPU. The few files that mock a module, spy on a
// shared object, fake timers or set the environment run in projects of their own, each file isolated.
const ISOLATED_STACK_TESTS = filesSharingState(STACK_TESTS);
const ISOLATED_UNIT_TESTS = filesSharingState(UNIT_TESTS, [STACK_TESTS, CDK_TESTS]);

/** One local stack per core for the stack projects (test/setup/local-stack.global.ts). */
const stackProject = {
  globalSetup: ["test/setup/local-stack.global.ts"],
  setupFiles: ["test/setup/stack-env.ts"],
};

export default defineConfig({
  test: {
    pool: "forks",
    // Powertools' development mode, as in the local stack: its log lines go through the global console,
    // where a test reads them, and it writes no EMF lines (test/shared/observability sets it off to).
    env: { POWERTOOLS_DEV: "true" },
    // After the usual report, the slowest files and each project's sum: where the loop's time goes.
    reporters: ["default", new SlowestFilesReporter(10)],
    // Only a real hang fails on time; no test measures the machine (see hang-guard.ts).
    testTimeout: HANG_GUARD_MS,
    hookTimeout: HANG_GUARD_MS,
    // Two cores and one local stack per core (test/setup/local-stack.global.ts): a third worker shares a
    // stack and fills the time another file waits on a timer or a stream (busy 90 -> 96 %). Three stacks
    // cost more CPU than they saved (289 s against 241).
    maxWorkers: 3,
    projects: [
      {
        // The fast inner loop: rules, arithmetic, signatures, schemas, key builders, layer rules.
        // Nothing here starts a local service; a test that needs one fails for want of TABLE_NAME.
        test: {
          name: "unit",
          include: [UNIT_TESTS],
          exclude: [STACK_TESTS, CDK_TESTS, ...ISOLATED_UNIT_TESTS],
          isolate: false,
        },
      },
      { test: { name: "unit-isolated", include: ISOLATED_UNIT_TESTS } },
      {
        // The synthesized CloudFormation template, asserted resource by resource, with cdk-nag. No file
        // changes shared state (shared-state.test.ts), so all of them run with their modules kept.
        test: { name: "cdk", include: [CDK_TESTS], isolate: false },
      },
      {
        // Everything that talks to DynamoDB Local, fauxqs or the gateway: the stack its worker uses.
        test: {
          name: "stack",
          include: [STACK_TESTS],
          exclude: ISOLATED_STACK_TESTS,
          isolate: false,
          ...stackProject,
        },
      },
      { test: { name: "stack-isolated", include: ISOLATED_STACK_TESTS, ...stackProject } },
    ],
  },
});
