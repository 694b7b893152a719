import { loadavg } from "node:os";
import { relative } from "node:path";
import type { Reporter, TestModule } from "vitest/node";
import { fileSeconds, slowestFilesReport } from "./slowest-files.js";

/**
 * Prints, after every run, the slowest test files with their seconds and each project's sum
 * (slowest-files.ts), beside whichever reporter shows the tests: vitest.config.ts wires it.
 */
export class SlowestFilesReporter implements Reporter {
  private startedAt = performance.now();
  private loadAtStart = loadavg()[0] ?? 0;

  constructor(private readonly count: number) {}

  /** The run starts here, before the stack project's global setup starts the local stack. */
  onInit(): void {
    this.startedAt = performance.now();
    this.loadAtStart = loadavg()[0] ?? 0;
  }

  /** Prints the report once every file has run. */
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const files = modules.map((module) => ({
      project: module.project.name,
      file: relative(process.cwd(), module.moduleId),
      seconds: fileSeconds(module.diagnostic()),
    }));
    if (files.length === 0) return;
    process.stdout.write(
      slowestFilesReport({
        files,
        count: this.count,
        wallSeconds: (performance.now() - this.startedAt) / 1000,
        loadAverage: { start: this.loadAtStart, end: loadavg()[0] ?? 0 },
      }),
    );
  }
}
