import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { commands } from "../../../infra/ops/commands.js";
import { synopsis } from "../../../infra/ops/help.js";

/** The README's "Ops CLI" section, up to the next heading. */
const opsSection = (): string => {
  const readme = readFileSync("README.md", "utf8");
  const start = readme.indexOf("## Ops CLI\n");
  return readme.slice(start, readme.indexOf("\n## ", start + 1));
};

describe("README's ops CLI table", () => {
  it("shows every command with the arguments its usage line has, and no command that does not exist", () => {
    const section = opsSection();
    // Table cells escape `|` as `\\|`; a row may hold two related commands separated by ` · `.
    const documented = [...section.matchAll(/^\| (.+?) \| /gm)]
      .flatMap((row) => (row[1] ?? "").split(" · "))
      .filter((cell) => cell.startsWith("`"))
      .map((cell) => cell.replaceAll("`", "").replaceAll("\\|", "|"));
    expect(documented.sort()).toEqual(
      Object.entries(commands)
        .map(([name, command]) => synopsis(name, command))
        .sort(),
    );
  });

  it("runs the CLI as `npm run -s ops`, so its JSON pipes into jq without npm's banner", () => {
    expect(readFileSync("README.md", "utf8")).not.toMatch(/npm run ops\b/);
  });
});
