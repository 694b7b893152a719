import { describe, expect, it } from "vitest";
import { fileSeconds, slowestFilesReport } from "./slowest-files.js";

describe("the slowest-files report printed after every run", () => {
  it("lists the slowest files, slowest first, with the run's wall time, the files' sum, each project's share and the load average", () => {
    const report = slowestFilesReport({
      files: [
        { project: "unit", file: "test/a.test.ts", seconds: 0.42 },
        { project: "stack", file: "test/b.stack.test.ts", seconds: 31.25 },
        { project: "cdk", file: "test/c.test.ts", seconds: 9.1 },
        { project: "stack", file: "test/d.stack.test.ts", seconds: 12 },
      ],
      count: 3,
      wallSeconds: 40.04,
      loadAverage: { start: 0.5, end: 2.25 },
    });
    expect(report).toBe(
      [
        "",
        "Slowest 3 of 4 test files (run 40.0 s wall, 52.8 s in files; load average 0.50 at the start, 2.25 at the end):",
        "   31.3 s  stack  test/b.stack.test.ts",
        "   12.0 s  stack  test/d.stack.test.ts",
        "    9.1 s  cdk    test/c.test.ts",
        "By project: stack 43.3 s (2 files), cdk 9.1 s (1 file), unit 0.4 s (1 file)",
        "",
      ].join("\n"),
    );
  });

  it("lists every file when there are fewer than asked for", () => {
    const report = slowestFilesReport({
      files: [{ project: "unit", file: "test/a.test.ts", seconds: 1 }],
      count: 10,
      wallSeconds: 2,
      loadAverage: { start: 1, end: 1 },
    });
    expect(report.split("\n").slice(1, 3)).toEqual([
      "Slowest 1 of 1 test files (run 2.0 s wall, 1.0 s in files; load average 1.00 at the start, 1.00 at the end):",
      "    1.0 s  unit  test/a.test.ts",
    ]);
  });

  it("counts a file's time from its worker's preparation to its last hook, in seconds", () => {
    expect(
      fileSeconds({
        prepareDuration: 100,
        environmentSetupDuration: 20,
        setupDuration: 30,
        collectDuration: 850,
        duration: 4000,
      }),
    ).toBe(5);
  });
});
