import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { createTestAccount } from "../support/accounts.js";
import { createPublicCategory } from "../support/catalogue.js";
import { workerStack } from "../support/worker-stack.js";

/** Runs the README's client example the way the README does, pointed at the stack under test. */
const runExample = (
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "examples/client-example.ts"], {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        BASE_URL: workerStack().gatewayUrl,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });

describe("the README's client example", () => {
  it("runs as written with a seller's API_KEY: a v1 product created, and a v1 and a v2 refusal printed as values", async () => {
    await createPublicCategory();
    const account = await createTestAccount();

    const run = await runExample({ API_KEY: account.api_key });

    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(7);
    expect(lines[0]).toMatch(/^category: \d+ /);
    expect(lines[1]).toMatch(/^created: [0-9A-Z]{26} \(Product created\)$/);
    expect(lines.slice(2, 5)).toEqual([
      "status_moderation: draft",
      "moderation refused (400): Product image required: upload one with POST /products/img",
      "balance: 0 RUB",
    ]);
    expect(lines[5]).toMatch(/^search "key": \d+ public products$/);
    expect(lines[6]).toBe("buy refused (404): not_found: Product not found");
  });

  it("names what to set when API_KEY is missing, and exits 2", async () => {
    const run = await runExample({});

    expect(run).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "Set API_KEY to a seller API key: npm run -s ops -- account create --name <store> --email <email>\n",
    });
  });
});
