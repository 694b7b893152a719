import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The dashboard's sources: its Vite project (index.html, src/, vite.config.ts). */
export const DASHBOARD_SOURCE = fileURLToPath(new URL("../../dashboard", import.meta.url));

/** Where `vite build` puts the dashboard unless told otherwise (dashboard/vite.config.ts). */
export const DASHBOARD_DIST = fileURLToPath(new URL("../../dashboard/dist", import.meta.url));

/** The dashboard's Vite config. */
const CONFIG = fileURLToPath(new URL("../../dashboard/vite.config.ts", import.meta.url));

/** This module, run as a script by `buildDashboardInChild`. */
const THIS_FILE = fileURLToPath(import.meta.url);

/** The repository's root, where `tsx` resolves from. */
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Builds the seller dashboard (a second or two) into `outDir`, dashboard/dist unless told: `npm start` and
 * the test setup build into dashboard/dist, `cdk synth` into its asset's own folder.
 */
export const buildDashboard = async (outDir?: string): Promise<void> => {
  // Imported here: only the processes that build pay for loading Vite.
  const { build } = await import("vite");
  await build({
    configFile: CONFIG,
    logLevel: "warn",
    ...(outDir === undefined ? {} : { build: { outDir, emptyOutDir: true } }),
  });
};

/**
 * Builds the dashboard into `outDir` in a child process and waits for it: CDK's local bundling is
 * synchronous, and Vite's build is not.
 */
export const buildDashboardInChild = (outDir: string): void => {
  execFileSync(process.execPath, ["--import", "tsx", THIS_FILE, outDir], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
  });
};

// Run as a script (by buildDashboardInChild): build into the folder named by the first argument.
if (import.meta.url === `file://${process.argv[1]}`) {
  const outDir = process.argv[2];
  if (!outDir) throw new Error("usage: build.ts <output folder>");
  await buildDashboard(outDir);
}
