import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cruise, type ICruiseOptions, type IForbiddenRuleType } from "dependency-cruiser";
import { afterAll, describe, expect, it } from "vitest";

const config = createRequire(import.meta.url)("../.dependency-cruiser.cjs") as {
  forbidden: IForbiddenRuleType[];
  options: ICruiseOptions;
};

/** Cruises `shared`, `functions` and `infra` under `baseDir` with the project's rules; returns "rule: from → to" lines. */
const violations = async (baseDir: string, tsConfig = true): Promise<string[]> => {
  const { tsConfig: projectTsConfig, ...options } = config.options;
  const result = await cruise(["shared", "functions", "infra"], {
    ...options,
    ...(tsConfig ? { tsConfig: projectTsConfig } : {}),
    baseDir,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  });
  if (typeof result.output === "string") throw new Error("expected a cruise result object");
  return result.output.summary.violations
    .filter((v) => v.rule.name !== "no-folder-cycles")
    .map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)
    .sort();
};

const scratch = mkdtempSync(join(tmpdir(), "layer-rules-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Writes a small tree of modules, each importing the given paths. */
const tree = (name: string, modules: Record<string, string[]>): string => {
  const root = join(scratch, name);
  for (const [file, imports] of Object.entries(modules)) {
    const path = join(root, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(
      path,
      `${imports.map((target, i) => `import type { T as T${i} } from "${target}";`).join("\n")}\nexport type T = string;\n`,
    );
  }
  mkdirSync(join(root, "node_modules/@aws-sdk/lib-dynamodb"), { recursive: true });
  writeFileSync(
    join(root, "node_modules/@aws-sdk/lib-dynamodb/package.json"),
    JSON.stringify({ name: "@aws-sdk/lib-dynamodb", version: "0.0.0", main: "index.js" }),
  );
  writeFileSync(join(root, "node_modules/@aws-sdk/lib-dynamodb/index.js"), "export {};\n");
  return root;
};

describe("layer rules (.dependency-cruiser.cjs)", () => {
  it("the project's own tree breaks none of them", async () => {
    expect(await violations(process.cwd())).toEqual([]);
  });

  it("flag each forbidden import, type-only imports included", async () => {
    const root = tree("violations", {
      "shared/http/envelopes.ts": [],
      "shared/data/table-keys.ts": [],
      "shared/orders/order-repository.ts": ["@aws-sdk/lib-dynamodb"],
      "shared/orders/order-service.ts": [
        "../http/envelopes.js",
        "@aws-sdk/lib-dynamodb",
        "../../functions/v1-orders/handler.js",
      ],
      "shared/runtime/orders.ts": ["../orders/order-repository.js"],
      "shared/runtime/dependencies.ts": ["./orders.js"],
      "functions/v1-orders/handler.ts": [
        "../../infra/cdk/app.js",
        "../../shared/orders/order-repository.js",
        "../../shared/runtime/orders.js",
        "../../shared/runtime/dependencies.js",
      ],
      "infra/cdk/app.ts": [],
    });
    expect(await violations(root, false)).toEqual([
      "domain-not-to-aws-sdk: shared/orders/order-service.ts → node_modules/@aws-sdk/lib-dynamodb/index.js",
      "domain-not-to-http: shared/orders/order-service.ts → shared/http/envelopes.ts",
      "functions-import-their-concern-roots: functions/v1-orders/handler.ts → shared/runtime/dependencies.ts",
      "functions-not-to-infra: functions/v1-orders/handler.ts → infra/cdk/app.ts",
      "functions-through-composition-root: functions/v1-orders/handler.ts → shared/orders/order-repository.ts",
      "shared-not-to-functions-or-infra: shared/orders/order-service.ts → functions/v1-orders/handler.ts",
    ]);
  });

  it("let only the catalogue's modules build a refusal", async () => {
    const root = tree("refusals", {
      "shared/errors/refusals/refusal-builders.ts": [],
      "shared/errors/refusals/seller-api.ts": ["./refusal-builders.js"],
      "shared/orders/order-service.ts": ["../errors/refusals/refusal-builders.js"],
      "functions/v1-orders/handler.ts": [],
      "infra/cdk/app.ts": [],
    });
    expect(await violations(root, false)).toEqual([
      "refusals-only-from-the-catalogue: shared/orders/order-service.ts → shared/errors/refusals/refusal-builders.ts",
    ]);
  });

  it("flag a cycle between folders even when no two files import each other, and a cycle between files", async () => {
    const root = tree("cycles", {
      "shared/orders/order-service.ts": ["../products/product.js"],
      "shared/orders/order.ts": [],
      "shared/products/product.ts": [],
      "shared/products/product-service.ts": ["../orders/order.js"],
      "shared/ids/first.ts": ["./second.js"],
      "shared/ids/second.ts": ["./first.js"],
    });
    const { tsConfig: _ignored, ...options } = config.options;
    const result = await cruise(["shared"], {
      ...options,
      baseDir: root,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
    });
    if (typeof result.output === "string") throw new Error("expected a cruise result object");
    expect(result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from}`).sort()).toEqual([
      "no-folder-cycles: shared/orders",
      "no-folder-cycles: shared/products",
      "no-module-cycles: shared/ids/first.ts",
    ]);
  });
});
