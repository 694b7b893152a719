import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { refusalCopies } from "../../support/refusal-homes.js";

const ROOT = join(import.meta.dirname, "../../..");

describe("one home for each refusal", () => {
  it("writes every refusal's message in one place, its catalogue entry, and nowhere else in the source", () => {
    const copies = [...refusalCopies(ROOT)].filter(([, places]) => places.size > 0);
    expect(Object.fromEntries(copies.map(([name, places]) => [name, Object.fromEntries(places)]))).toEqual(
      {},
    );
  });

  it("builds domain errors only in shared/errors: everything else throws the catalogue's refusals", () => {
    const builders = ["shared", "functions", "infra"].flatMap((folder) =>
      readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
        .map((entry) => join(entry.parentPath, entry.name))
        .filter((file) => !file.startsWith(join(ROOT, "shared", "errors")))
        .filter((file) => readFileSync(file, "utf8").includes("new DomainError(")),
    );
    expect(builders).toEqual([]);
  });
});
