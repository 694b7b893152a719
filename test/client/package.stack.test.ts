import { execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { accountAccess } from "../../shared/runtime/dependencies.js";
import { createTestAccount } from "../support/accounts.js";
import { killProcessesWithEnv } from "../support/processes.js";
import { workerStack } from "../support/worker-stack.js";
import {
  CONSUMER_PACKAGE,
  CONSUMER_SOURCE,
  consumerTsconfig,
  packageExampleBlocks,
} from "./package-consumer.js";

// Every process this file starts (the build, npm, tsc, the consumer and whatever they start) carries this
// marker, so afterAll ends any a failure left running; the scratch folder goes with it.
const MARKER = "MARKETPLACE_CLIENT_PACKAGE_RUN";
const RUN = randomUUID();
const scratch = mkdtempSync(join(tmpdir(), "marketplace-client-package-"));
afterAll(async () => {
  await killProcessesWithEnv(MARKER, RUN);
  rmSync(scratch, { recursive: true, force: true });
});

const require = createRequire(import.meta.url);
const typescriptDir = dirname(require.resolve("typescript/package.json"));

/** Runs a command to its end with only PATH, HOME and `env`: nothing of this process's npm or vitest settings. */
const run = (
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> =>
  new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", [MARKER]: RUN, ...env },
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
    child.once("error", fail);
    child.once("close", (code) => done({ code, stdout, stderr }));
  });

describe("the client as a package (@marketplace/client, shared/client/package.json)", () => {
  it("builds and packs with npm pack, installs offline into a project outside the repository with no other package, typechecks there under strict TypeScript, calls the stack and verifies its webhook's signatures", async () => {
    // Build and pack, as `npm run client:pack` does, into the scratch folder.
    const packed = await run(
      process.execPath,
      ["--import", "tsx", "shared/client/build.ts", "--pack", join(scratch, "pack")],
      process.cwd(),
    );
    expect({ code: packed.code, stderr: packed.stderr }).toEqual({
      code: 0,
      stderr: expect.stringMatching(/^built shared\/client\/dist: index\.js and \d+ declaration files\n/),
    });
    const tarball = packed.stdout.trim();
    expect(tarball).toBe(resolve(scratch, "pack", "marketplace-client-1.0.0.tgz"));

    // The tarball holds the built output, the manifest and the README: no source, no build script.
    const entries = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).trim().split("\n");
    expect(entries.filter((entry) => !entry.startsWith("package/dist/")).sort()).toEqual([
      "package/README.md",
      "package/package.json",
    ]);
    expect(entries).toEqual(
      expect.arrayContaining([
        "package/dist/index.js",
        "package/dist/types/client/index.d.ts",
        "package/dist/types/vendor/zod/LICENSE",
      ]),
    );

    // A project outside the repository installs the tarball and nothing else: the package has no dependencies.
    const project = join(scratch, "consumer");
    mkdirSync(project);
    const examples = [
      ...packageExampleBlocks("README.md"),
      ...packageExampleBlocks("shared/client/README.md"),
    ];
    expect(examples).toHaveLength(4);
    const exampleFiles = examples.map((_, i) => `readme-example-${i + 1}.ts`);
    for (const [i, code] of examples.entries())
      writeFileSync(join(project, `readme-example-${i + 1}.ts`), code);
    writeFileSync(join(project, "consumer.ts"), CONSUMER_SOURCE);
    writeFileSync(join(project, "package.json"), JSON.stringify(CONSUMER_PACKAGE));
    const nodeTypes = join(dirname(require.resolve("@types/node/package.json")), "..");
    writeFileSync(
      join(project, "tsconfig.json"),
      JSON.stringify(consumerTsconfig(["consumer.ts", ...exampleFiles], nodeTypes)),
    );
    const installed = await run("npm", ["install", "--offline", "--no-audit", "--no-fund", tarball], project);
    expect({ code: installed.code, stderr: installed.stderr }).toEqual({ code: 0, stderr: "" });
    expect(readdirSync(join(project, "node_modules")).sort()).toEqual([".package-lock.json", "@marketplace"]);
    const manifest = JSON.parse(
      readFileSync(join(project, "node_modules/@marketplace/client/package.json"), "utf8"),
    ) as { version: string; dependencies: Record<string, string> };
    expect({ version: manifest.version, dependencies: manifest.dependencies }).toEqual({
      version: "1.0.0",
      dependencies: {},
    });

    // The repository's tsc checks the consumer and the READMEs' examples, declaration files included.
    const compiled = await run(process.execPath, [join(typescriptDir, "bin", "tsc"), "-p", "."], project);
    expect(compiled).toEqual({ code: 0, stdout: "", stderr: "" });

    // A seller mid-rotation: its webhooks carry two signatures, the new secret's and the replaced one's.
    const name = `Package Store ${RUN.slice(0, 8)}`;
    const account = await createTestAccount(name);
    const rotated = await accountAccess().rotateWebhookSecret(account.seller_id);
    const consumer = await run(process.execPath, ["out/consumer.js"], project, {
      BASE_URL: workerStack().gatewayUrl,
      API_KEY: account.api_key,
      WEBHOOK_SECRETS: `${rotated.webhook_secret} ${account.webhook_secret}`,
    });
    expect({ code: consumer.code, stderr: consumer.stderr }).toEqual({ code: 0, stderr: "" });
    const seen = JSON.parse(consumer.stdout) as {
      webhookTest: { id_order: string };
      webhookTimestamp: string;
    };
    const id = seen.webhookTest.id_order;
    const verified = { ok: true, id, timestamp: Number(seen.webhookTimestamp) };
    expect(id).toMatch(/^test-[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(seen).toEqual({
      seller: name,
      apiUrlSet: true,
      webhookTest: { id_order: id, outcome: "delivered", http_status: 204 },
      webhookId: id,
      webhookTimestamp: expect.stringMatching(/^\d{10}$/),
      signatures: 2,
      standard: {
        current: verified,
        previous: verified,
        another: { ok: false, reason: "no_matching_signature" },
        changedBody: { ok: false, reason: "no_matching_signature" },
        dayLater: { ok: false, reason: "timestamp_too_old" },
      },
      payment: { apiKey: true, anotherKey: false },
    });
  });
});
