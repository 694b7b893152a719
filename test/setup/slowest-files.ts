/** One test file's share of a run. */
export interface FileTime {
  readonly project: string;
  /** Its path from the repository's root. */
  readonly file: string;
  readonly seconds: number;
}

/** What the report says about one run. */
export interface RunTimes {
  readonly files: readonly FileTime[];
  /** How many of the slowest files it lists. */
  readonly count: number;
  /** From the run's start (the stack's start included) to its end. */
  readonly wallSeconds: number;
  /** The one-minute load average when the run started and ended: another suite beside it slows every file. */
  readonly loadAverage: { readonly start: number; readonly end: number };
}

/** The parts of vitest's per-file diagnostic that add up to the file's time, in milliseconds. */
export interface FileDiagnostic {
  readonly prepareDuration: number;
  readonly environmentSetupDuration: number;
  readonly setupDuration: number;
  readonly collectDuration: number;
  readonly duration: number;
}

/**
 * A file's seconds: its worker's preparation, its setup files, its import (`collect`, where a file's
 * own top-level work such as a stack start happens) and its tests and hooks.
 */
export const fileSeconds = (d: FileDiagnostic): number =>
  (d.prepareDuration + d.environmentSetupDuration + d.setupDuration + d.collectDuration + d.duration) / 1000;

const seconds = (value: number) => `${value.toFixed(1)} s`;
const sum = (files: readonly FileTime[]) => files.reduce((total, f) => total + f.seconds, 0);

/**
 * The lines printed at the end of every run: the slowest files, slowest first, then each project's
 * sum, so where the loop's time goes shows without a separate measurement.
 */
export const slowestFilesReport = ({ files, count, wallSeconds, loadAverage }: RunTimes): string => {
  const slowest = [...files].sort((a, b) => b.seconds - a.seconds).slice(0, count);
  const projectWidth = Math.max(...slowest.map((f) => f.project.length));
  const projects = [...new Set(files.map((f) => f.project))]
    .map((project) => files.filter((f) => f.project === project))
    .sort((a, b) => sum(b) - sum(a))
    .map(
      (of) => `${of[0]?.project} ${seconds(sum(of))} (${of.length} ${of.length === 1 ? "file" : "files"})`,
    );
  return [
    "",
    `Slowest ${slowest.length} of ${files.length} test files (run ${seconds(wallSeconds)} wall, ${seconds(sum(files))} in files; ` +
      `load average ${loadAverage.start.toFixed(2)} at the start, ${loadAverage.end.toFixed(2)} at the end):`,
    ...slowest.map((f) => `${seconds(f.seconds).padStart(9)}  ${f.project.padEnd(projectWidth)}  ${f.file}`),
    `By project: ${projects.join(", ")}`,
    "",
  ].join("\n");
};
