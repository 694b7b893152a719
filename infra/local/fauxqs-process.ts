import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { assertPortFree, captureOutput, type StartingChild, waitUntilReady } from "./child-process.js";
import { type LocalStackConfig, localEndpoints, privateStateDir } from "./local-environment.js";

// fauxqs exports only its library entry (and `import.meta.resolve` is not everywhere), so its CLI is
// found the way Node resolves packages: the nearest node_modules/fauxqs above this file.
const fauxqsEntry = (): string => {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifestPath = join(dir, "node_modules", "fauxqs", "package.json");
    if (existsSync(manifestPath)) {
      const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as {
        bin: string | Record<string, string>;
      };
      const bin = typeof manifest.bin === "string" ? manifest.bin : manifest.bin.fauxqs;
      if (!bin) throw new Error("fauxqs package has no bin entry");
      return join(dirname(manifestPath), bin);
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error("fauxqs is not installed (run npm ci)");
    dir = parent;
  }
};

/** Starts fauxqs (SQS and S3 over their real wire protocols) as a child process and waits for its health check. */
export const startFauxqs = async (config: LocalStackConfig): Promise<StartingChild> => {
  await assertPortFree("fauxqs", config.host, config.fauxqsPort);
  const dataDir = join(config.stateDir, "fauxqs");
  // Inside the private state folder: the files hold every seller's data.
  if (config.persist) mkdirSync(join(privateStateDir(config), "fauxqs"), { recursive: true, mode: 0o700 });
  const child = spawn(process.execPath, [fauxqsEntry()], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      FAUXQS_PORT: String(config.fauxqsPort),
      FAUXQS_LOGGER: "false",
      ...(config.persist ? { FAUXQS_DATA_DIR: dataDir, FAUXQS_PERSISTENCE: "true" } : {}),
    },
  });
  const output = captureOutput(child);
  const health = `${localEndpoints(config).fauxqs}/health`;
  const ready = waitUntilReady("fauxqs", child, async () => (await fetch(health)).ok, output);
  return { child, ready };
};
