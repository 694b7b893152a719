import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { documentPath } from "../../../infra/openapi/documents.js";

// A client generated from each written document by a mainstream generator (@hey-api/openapi-ts, as a
// project consuming the API would run it) compiles under strict TypeScript with the project's tsc, and
// has a named type for the resources, the request bodies, the envelopes and the errors: the documents
// are usable as they are, not only readable.

const require = createRequire(import.meta.url);
/** The project's tsc (TypeScript 7), run with this Node. */
const tsc = join(dirname(require.resolve("typescript/package.json")), "bin/tsc");
const generator = join(import.meta.dirname, "generate-client.ts");

const scratch = mkdtempSync(join(tmpdir(), "marketplace-generated-client-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Run {
  readonly code: number;
  readonly output: string;
}

/** Runs Node on `args` in the repository (so tsx and the generator resolve); never rejects. */
const node = (args: string[]): Promise<Run> =>
  new Promise((resolve) => {
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({
        code: error ? (typeof error.code === "number" ? error.code : 1) : 0,
        output: stdout + stderr,
      }),
    );
  });

/** The strict settings a consuming project compiles the client with: nothing emitted, nothing of ours. */
const strictConfig = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: "ES2022",
    module: "ESNext",
    moduleResolution: "Bundler",
    lib: ["ES2022", "DOM"],
    types: [],
    noUnusedLocals: true,
    exactOptionalPropertyTypes: false,
  },
  include: ["**/*.ts"],
};

/** The named types each version's client must export: resources, bodies, envelopes, errors, webhooks. */
const expectedTypes = {
  v1: [
    "Product",
    "ProductCreate",
    "ProductListItem",
    "Category",
    "Order",
    "OrderListItem",
    "Seller",
    "Payout",
    "PayoutRequest",
    "KeyStock",
    "V1Success",
    "V1Error",
    "PaymentWebhook",
    "KeyStockLowEvent",
  ],
  v2: [
    "Product",
    "ProductSummary",
    "Order",
    "OrderSummary",
    "Balance",
    "BuyRequest",
    "Purchase",
    "GiftPurchase",
    "ChatMessage",
    "Favorite",
    "V2Success",
    "V2Error",
  ],
} as const;

describe.each(["v1", "v2"] as const)(
  "a client generated from docs/openapi/%s.json by @hey-api/openapi-ts",
  (version) => {
    it("compiles under strict TypeScript and names every resource, body, envelope and error", async () => {
      const output = join(scratch, version);
      const generated = await node(["--import", "tsx", generator, documentPath(version), output]);
      expect(generated, "the generator's run").toEqual({ code: 0, output: "" });
      writeFileSync(join(output, "tsconfig.json"), JSON.stringify(strictConfig));
      const compiled = await node([tsc, "-p", join(output, "tsconfig.json")]);
      expect(compiled, "tsc --strict over the generated client").toEqual({ code: 0, output: "" });
      const types = readFileSync(join(output, "types.gen.ts"), "utf8");
      const exported = new Set([...types.matchAll(/^export type (\w+) = /gm)].map(([, name]) => name));
      expect(expectedTypes[version].filter((name) => !exported.has(name))).toEqual([]);
      // Each operation's answer is the envelope with its named resource in it, by the operation's name.
      const [operation, resource] =
        version === "v1" ? ["GetProduct", "ProductInfo"] : ["GetPublicProduct", "Product"];
      expect(types).toMatch(
        new RegExp(
          `export type ${operation}Responses = \\{[^}]*200: V${version.slice(1)}Success & \\{[^}]*data: ${resource};`,
        ),
      );
      if (version === "v2") {
        // The v2 error's code is the union of the codes the service answers, not any string.
        const error = /export type V2Error = \{([\s\S]*?)\n\};/.exec(types)?.[1] ?? "";
        const code = /^ {4}code: (.*);$/m.exec(error)?.[1] ?? "";
        expect(code.split(" | ")).toEqual(
          expect.arrayContaining(["'insufficient_balance'", "'comment_regex_mismatch'", "'unauthorized'"]),
        );
        expect(error).toMatch(/http_status\?: number;/);
      }
    });
  },
);
