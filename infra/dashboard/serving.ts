// How the dashboard's build is served: the same facts for the local gateway and for CloudFront in AWS.

/** The path the dashboard is served under, as its build's `base` (dashboard/vite.config.ts) names it. */
export const DASHBOARD_PATH = "/dashboard/";

/** The folder of the build holding Vite's hashed files, whose content never changes under a name. */
export const DASHBOARD_HASHED_FOLDER = "assets/";

/**
 * The Cache-Control of the dashboard's files: a hashed file for a year (a new build names new files), every
 * other file (the page) revalidated on each load, so a deploy reaches the next reload.
 */
export const DASHBOARD_CACHE_CONTROL = {
  hashed: "public, max-age=31536000, immutable",
  page: "no-cache",
} as const;
