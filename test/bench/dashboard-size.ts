import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { buildDashboard } from "../../infra/dashboard/build.js";
import { sectionMarkers, withGeneratedSection } from "./generated-section.js";
import type { PartOutcome } from "./part-outcome.js";

/** The budget for the dashboard's JavaScript, gzipped: every script a seller's browser downloads. */
export const DASHBOARD_JS_BUDGET_GZIP = 150 * 1024;

const DOCS = fileURLToPath(new URL("../../docs/benchmarks.md", import.meta.url));
const COMMAND = "npm run bench -- dashboard";

/** One file of the build: its raw and gzipped bytes (gzip at level 9, as a CDN compresses). */
interface BuiltFile {
  readonly name: string;
  readonly bytes: number;
  readonly gzip: number;
}

/** Every file of a build folder, recursively, with its sizes. */
const filesOf = (root: string, under = ""): BuiltFile[] =>
  readdirSync(join(root, under), { withFileTypes: true }).flatMap((entry) => {
    const name = join(under, entry.name);
    if (entry.isDirectory()) return filesOf(root, name);
    const body = readFileSync(join(root, name));
    return [{ name, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length }];
  });

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * `npm run bench -- dashboard`: builds the seller dashboard into a fresh folder and weighs what a browser
 * downloads (each file raw and gzipped); fails when its JavaScript passes 150 KB gzipped. Writes the table
 * to docs/benchmarks.md.
 */
export const runDashboardSizeBench = async (): Promise<PartOutcome> => {
  const out = mkdtempSync(join(tmpdir(), "dashboard-size-"));
  try {
    await buildDashboard(out);
    const files = filesOf(out).sort((a, b) => a.name.localeCompare(b.name));
    const js = files.filter((file) => file.name.endsWith(".js"));
    const jsGzip = js.reduce((sum, file) => sum + file.gzip, 0);
    const rows = files.map(
      (f) => `| \`${f.name.replace(/-[\w-]{8}\./, "-<hash>.")}\` | ${kb(f.bytes)} | ${kb(f.gzip)} |`,
    );
    const table = [
      `JavaScript shipped: ${kb(jsGzip)} gzipped in ${js.length} file(s), budget ${kb(DASHBOARD_JS_BUDGET_GZIP)}.`,
      "",
      "| File | Bytes | Gzipped |",
      "|---|---|---|",
      ...rows,
    ].join("\n");
    console.log(table);
    writeFileSync(
      DOCS,
      withGeneratedSection(readFileSync(DOCS, "utf8"), sectionMarkers("dashboard size", COMMAND), table),
    );
    console.log("Table written to docs/benchmarks.md");
    return {
      failures:
        jsGzip > DASHBOARD_JS_BUDGET_GZIP
          ? [`dashboard JavaScript is ${kb(jsGzip)} gzipped, over its ${kb(DASHBOARD_JS_BUDGET_GZIP)} budget`]
          : [],
      missed: [],
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
};
