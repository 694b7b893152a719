import { defineConfig } from "vitest/config";
import { SlowestFilesReporter } from "./test/setup/slowest-files-reporter.js";
import { HANG_GUARD_MS } from "./test/support/hang-guard.js";

/** Tests that need the local stack (DynamoDB Local, fauxqs, the gateway) say so in their file name. */
const STACK_TESTS = "test/**/*.stack.test.ts";
/** CDK assertions synthesize the whole stack: no service, but seconds per file. */
const CDK_TESTS = "test/infra/cdk/**/*.test.ts";

export default defineConfig({
  test: {
    pool: "forks",
    // After the usual report, the slowest files and each project's sum: where the loop's time goes.
    reporters: ["default", new SlowestFilesReporter(10)],
    // Only a real hang fails on time; no test measures the machine (see hang-guard.ts).
    testTimeout: HANG_GUARD_MS,
    hookTimeout: HANG_GUARD_MS,
    // Two cores: more workers only queue behind DynamoDB Local and each other.
    maxWorkers: 2,
    projects: [
      {
        // The fast inner loop: rules, arithmetic, signatures, schemas, key builders, layer rules.
        // Nothing here starts a local service; a test that needs one fails for want of TABLE_NAME.
        test: { name: "unit", include: ["test/**/*.test.ts"], exclude: [STACK_TESTS, CDK_TESTS] },
      },
      {
        // The synthesized CloudFormation template, asserted resource by resource, with cdk-nag. Its files
        // share one module cache per worker (isolate: false): aws-cdk-lib takes seconds of CPU to import,
        // and no file mocks a module, stubs the environment or fakes a timer (cdk-isolation.test.ts).
        test: { name: "cdk", include: [CDK_TESTS], isolate: false },
      },
      {
        // Everything that talks to DynamoDB Local, fauxqs or the gateway: one local stack per run.
        test: {
          name: "stack",
          include: [STACK_TESTS],
          globalSetup: ["test/setup/local-stack.global.ts"],
          setupFiles: ["test/setup/stack-env.ts"],
        },
      },
    ],
  },
});
