import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { runIamCheck } from "./iam-run.js";
import { startTemplateSynthesis } from "./template-synthesis.js";

/** The IAM check of a stack run: the stacks record their functions' AWS calls, the template is synthesized meanwhile. */
export interface IamRecording {
  /** Runs `start` with RECORD_AWS_CALLS set, so the stack processes it spawns record and nothing else does. */
  recordDuring<T>(start: () => Promise<T>): Promise<T>;
  /**
   * Once the stacks have stopped: checks every recorded call against the template and prints the report.
   * Throws with every failure; `partial` says why the grants no call used are not compared.
   */
  check(localEnv: Readonly<Record<string, string>>, partial: string | undefined): Promise<void>;
  /** Stops the synthesis if it still runs and removes the recorded calls. */
  discard(): Promise<void>;
}

/** Starts the template's synthesis and gives the calls a folder of their own. */
export const startIamRecording = (): IamRecording => {
  const folder = mkdtempSync(join(tmpdir(), "marketplace-aws-calls-"));
  const templateFile = join(folder, "template.json");
  const synthesis = startTemplateSynthesis(templateFile);
  return {
    async recordDuring(start) {
      process.env.RECORD_AWS_CALLS = folder;
      try {
        return await start();
      } finally {
        // The workers start after this and must not record: their calls are the tests', not a function's.
        delete process.env.RECORD_AWS_CALLS;
      }
    },
    async check(localEnv, partial) {
      await synthesis.written;
      const outcome = await runIamCheck({ callsFolder: folder, templateFile, localEnv, partial });
      console.log(outcome.report);
      if (outcome.failures.length > 0)
        throw new Error(
          `IAM check failed (${outcome.failures.length}):\n${outcome.failures.map((f) => `  ${f}`).join("\n")}`,
        );
    },
    async discard() {
      await synthesis.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
};

/**
 * Why this run did not exercise every stack test, or undefined when it did: the grants no call used are
 * compared with the list only after a whole, passing run of both stack projects.
 */
export const partialRun = async (project: TestProject): Promise<string | undefined> => {
  const { vitest } = project;
  if (vitest.config.testNamePattern) return "a test name filter";
  if (vitest.state.getCountOfFailedTests() > 0) return "failed tests";
  const ran = new Set(vitest.state.getFiles().map((file) => file.filepath));
  const stackProjects = vitest.projects.filter((p) =>
    [p.config.globalSetup].flat().some((file) => file.endsWith("local-stack.global.ts")),
  );
  for (const stackProject of stackProjects) {
    const { testFiles } = await stackProject.globTestFiles();
    const missed = testFiles.filter((file) => !ran.has(file)).length;
    if (missed > 0) return `${missed} stack test files did not run`;
  }
  return undefined;
};
