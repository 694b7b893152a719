import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/**
 * The seller dashboard's build: Preact's automatic JSX, served under /dashboard/, hashed files only (no
 * inline script or style, which the dashboard's Content-Security-Policy refuses).
 */
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/dashboard/",
  logLevel: "warn",
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // No module-preload polyfill: it is an inline script, and every browser the dashboard supports has it.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
});
