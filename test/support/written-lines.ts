import { vi } from "vitest";

/**
 * The JSON lines written straight to stdout and stderr while `run` runs, parsed: where the Powertools
 * logger and metrics write outside their development mode, as in Lambda (their own console, not the
 * global one a console spy would see). The streams are restored however `run` ends.
 */
export const jsonLinesWrittenBy = async (run: () => unknown): Promise<Record<string, unknown>[]> => {
  const lines: string[] = [];
  const capture = (chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  };
  const out = vi.spyOn(process.stdout, "write").mockImplementation(capture);
  const err = vi.spyOn(process.stderr, "write").mockImplementation(capture);
  try {
    await run();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
};
