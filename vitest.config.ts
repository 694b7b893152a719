import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/setup/local-stack.global.ts"],
    setupFiles: ["test/setup/stack-env.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers only queue behind DynamoDB Local and each other.
    maxWorkers: 2,
  },
});
