import { fileURLToPath } from "node:url";

/** The dashboard's Vite config. */
const CONFIG = fileURLToPath(new URL("../../dashboard/vite.config.ts", import.meta.url));

/** Builds the seller dashboard into dashboard/dist (a second or two), as `npm start` and the test setup do. */
export const buildDashboard = async (): Promise<void> => {
  // Imported here: only the processes that build pay for loading Vite.
  const { build } = await import("vite");
  await build({ configFile: CONFIG, logLevel: "warn" });
};
