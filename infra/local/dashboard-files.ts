import { readFile } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** Where `vite build` puts the dashboard (dashboard/vite.config.ts). */
export const DASHBOARD_DIST = fileURLToPath(new URL("../../dashboard/dist", import.meta.url));

/** The path the dashboard is served under, as its build's `base` names it. */
export const DASHBOARD_PATH = "/dashboard/";

/**
 * The dashboard's security headers, the same in AWS (a CloudFront response headers policy): scripts and
 * styles only from its own files, requests only to its own origin (the API is there too), no framing, no
 * referrer, no sniffing. Images are its own until it shows the image bucket's (then that origin joins).
 */
export const DASHBOARD_SECURITY_HEADERS = {
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
} as const;

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

/** A file of the dashboard to answer with. */
export interface DashboardFile {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer | string;
}

/**
 * The answer to a GET under the dashboard's path: its page for the path itself, a built file by name
 * (hashed names, cached for a year), a redirect for the path without its slash, a 404 for anything else;
 * undefined for a path that is not the dashboard's.
 */
export const dashboardFile = async (method: string, pathname: string): Promise<DashboardFile | undefined> => {
  if (pathname === DASHBOARD_PATH.slice(0, -1))
    return { status: 308, headers: { location: DASHBOARD_PATH }, body: "" };
  if (!pathname.startsWith(DASHBOARD_PATH)) return undefined;
  const notFound = { status: 404, headers: { "content-type": "text/plain" }, body: "Not Found" };
  if (method !== "GET" && method !== "HEAD") return { ...notFound, status: 405 };
  const relative = pathname === DASHBOARD_PATH ? "index.html" : pathname.slice(DASHBOARD_PATH.length);
  const file = normalize(join(DASHBOARD_DIST, relative));
  // A path that climbs out of the build (../) names nothing of the dashboard's.
  if (!file.startsWith(`${DASHBOARD_DIST}${sep}`)) return notFound;
  const type = CONTENT_TYPES[extname(file)];
  if (!type) return notFound;
  try {
    const body = await readFile(file);
    const hashed = relative.startsWith("assets/");
    return {
      status: 200,
      headers: {
        "content-type": type,
        "cache-control": hashed ? "public, max-age=31536000, immutable" : "no-cache",
        ...DASHBOARD_SECURITY_HEADERS,
      },
      body,
    };
  } catch {
    return notFound;
  }
};
