import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { documentedVersions, documentPath } from "../../../infra/openapi/documents.js";

/** The CLI's entry point, run with this Node (the project's), not whatever `node` is on the PATH. */
const redoclyCli = join(
  dirname(createRequire(import.meta.url).resolve("@redocly/cli/package.json")),
  "bin/cli.js",
);

interface LintReport {
  readonly totals: { readonly errors: number; readonly warnings: number };
  readonly problems: readonly { ruleId: string; message: string; location: { pointer: string }[] }[];
}

/** `redocly lint <file> --format=json` with the project's redocly.yaml; it exits non-zero on errors, so stdout is read either way. */
const lint = (file: string): Promise<LintReport> =>
  new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [redoclyCli, "lint", file, "--format=json", "--config=redocly.yaml"],
      // No usage report to Redocly and no update check: the test must not reach the network.
      { env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
      (error, stdout, stderr) => {
        try {
          resolve(JSON.parse(stdout) as LintReport);
        } catch {
          reject(error ?? new Error(`redocly printed no report: ${stderr}`));
        }
      },
    );
  });

describe("redocly lint (recommended-strict, redocly.yaml)", () => {
  it("finds no error and no warning in either document", async () => {
    const reports = await Promise.all(documentedVersions.map((version) => lint(documentPath(version))));
    const problems = reports.flatMap((report, i) =>
      report.problems.map(
        (p) =>
          `${documentPath(documentedVersions[i] ?? "v1")} ${p.location[0]?.pointer}: ${p.ruleId}: ${p.message}`,
      ),
    );
    expect(problems).toEqual([]);
    expect(reports.map((report) => report.totals)).toEqual(
      documentedVersions.map(() => ({ errors: 0, warnings: 0, ignored: 0 })),
    );
  });
});
