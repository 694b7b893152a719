import { readFile } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { DASHBOARD_DIST } from "../dashboard/build.js";
import { dashboardSecurityHeaders } from "../dashboard/security-headers.js";
import { DASHBOARD_CACHE_CONTROL, DASHBOARD_HASHED_FOLDER, DASHBOARD_PATH } from "../dashboard/serving.js";

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
 * undefined for a path that is not the dashboard's. Every answer carries the dashboard's security headers,
 * as CloudFront's response headers policy adds them to every answer in AWS; `imageOrigin` is the origin
 * the dashboard's images come from (the local image bucket's).
 */
export const dashboardFile = async (
  method: string,
  pathname: string,
  imageOrigin: string,
): Promise<DashboardFile | undefined> => {
  const withoutSlash = pathname === DASHBOARD_PATH.slice(0, -1);
  if (!withoutSlash && !pathname.startsWith(DASHBOARD_PATH)) return undefined;
  const security = dashboardSecurityHeaders(imageOrigin);
  if (withoutSlash) return { status: 308, headers: { location: DASHBOARD_PATH, ...security }, body: "" };
  const notFound = { status: 404, headers: { "content-type": "text/plain", ...security }, body: "Not Found" };
  if (method !== "GET" && method !== "HEAD") return { ...notFound, status: 405 };
  const relative = pathname === DASHBOARD_PATH ? "index.html" : pathname.slice(DASHBOARD_PATH.length);
  const file = normalize(join(DASHBOARD_DIST, relative));
  // A path that climbs out of the build (../) names nothing of the dashboard's.
  if (!file.startsWith(`${DASHBOARD_DIST}${sep}`)) return notFound;
  const type = CONTENT_TYPES[extname(file)];
  if (!type) return notFound;
  try {
    const body = await readFile(file);
    const hashed = relative.startsWith(DASHBOARD_HASHED_FOLDER);
    return {
      status: 200,
      headers: {
        "content-type": type,
        "cache-control": hashed ? DASHBOARD_CACHE_CONTROL.hashed : DASHBOARD_CACHE_CONTROL.page,
        ...security,
      },
      body,
    };
  } catch {
    return notFound;
  }
};
