import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { App, Stack } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { describe, expect, it } from "vitest";
import { MarketplaceFunction } from "../../../infra/cdk/marketplace-function.js";
import { REDOCLY_LOGO_URL } from "../../../shared/reference/redoc-script.js";
import { referenceFiles } from "../../../shared/reference/reference-files.js";

/** The environment of one MarketplaceFunction synthesized with the given CDK context (bundling skipped). */
const environmentWith = (context: Record<string, unknown>) => {
  const stack = new Stack(new App({ context: { "aws:cdk:bundling-stacks": [], ...context } }), "Fn");
  new MarketplaceFunction(stack, "Probe", {
    entry: "functions/v1-auth/handler.ts",
    description: "probe",
    environment: { TABLE_NAME: "t" },
    memorySize: 256,
  });
  const functions = Template.fromStack(stack).findResources("AWS::Lambda::Function");
  const [fn] = Object.values(functions) as {
    Properties: { Environment: { Variables: Record<string, string> } };
  }[];
  return fn?.Properties.Environment.Variables;
};

describe("MarketplaceFunction source maps", () => {
  it("does not load source maps at run time by default (they cost every cold start)", () => {
    expect(environmentWith({})).toEqual({ TABLE_NAME: "t" });
  });

  it("loads them when the deployment asks with -c sourceMaps=on", () => {
    expect(environmentWith({ sourceMaps: "on" })).toEqual({
      NODE_OPTIONS: "--enable-source-maps",
      TABLE_NAME: "t",
    });
  });
});

describe("MarketplaceFunction files", () => {
  it("copies each file into the bundle at its project path, so the bundled api-docs handler serves them from the task root", () => {
    const outdir = mkdtempSync(join(tmpdir(), "marketplace-bundle-"));
    try {
      const stack = new Stack(new App({ outdir }), "Fn");
      new MarketplaceFunction(stack, "Docs", {
        entry: "functions/api-docs/handler.ts",
        description: "probe",
        environment: {},
        memorySize: 256,
        files: [referenceFiles.redoc, "package.json"],
      });
      const [asset] = readdirSync(outdir).filter((name) => name.startsWith("asset."));
      if (!asset) throw new Error(`no asset in ${outdir}`);
      const root = join(outdir, asset);
      expect(readdirSync(root).sort()).toEqual([
        "index.mjs",
        "index.mjs.map",
        "node_modules",
        "package.json",
      ]);
      expect(readFileSync(join(root, referenceFiles.redoc)).equals(readFileSync(referenceFiles.redoc))).toBe(
        true,
      );
      // The bundle, run as Lambda runs it (from its task root), answers the script from its own copy.
      const answer = execFileSync(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          `const { handler } = await import(${JSON.stringify(pathToFileURL(join(root, "index.mjs")).href)});
           const response = await handler({ routeKey: "GET /docs/redoc.standalone.js", headers: {} }, {});
           console.log(JSON.stringify({ status: response.statusCode, length: response.body.length }));`,
        ],
        { env: { PATH: process.env.PATH, LAMBDA_TASK_ROOT: root }, encoding: "utf8" },
      );
      const installed = readFileSync(referenceFiles.redoc, "utf8");
      expect(JSON.parse(answer)).toEqual({
        status: 200,
        length: installed.length - REDOCLY_LOGO_URL.length + "data:,".length,
      });
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});
