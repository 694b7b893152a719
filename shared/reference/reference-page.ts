/** The API versions the reference page shows. */
export type ReferenceVersion = "v1" | "v2";

/** Where each version's OpenAPI document, the page and Redoc's script are served. */
export const referencePaths = {
  document: (version: ReferenceVersion): string => `/api/${version}/openapi.json`,
  page: (version: ReferenceVersion): string => (version === "v1" ? "/docs" : "/docs?api=v2"),
  script: "/docs/redoc.standalone.js",
} as const;

const titles: Record<ReferenceVersion, string> = { v1: "Seller API v1", v2: "Reseller API v2" };

/**
 * The page's Content-Security-Policy: everything from its own origin only, plus what Redoc needs and
 * nothing more: inline styles (styled-components writes <style> elements), a data: image (an icon in its
 * CSS) and a blob: worker (the search index).
 */
export const REFERENCE_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "worker-src blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const link = (version: ReferenceVersion, shown: ReferenceVersion) =>
  `<a href="${referencePaths.page(version)}"${version === shown ? ' aria-current="page"' : ""}>${titles[version]}</a>`;

/** The reference page of one API version: a switch between the versions and Redoc rendering its document. */
export const referencePage = (version: ReferenceVersion): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${titles[version]} reference · Digital-goods marketplace</title>
<style>
  body { margin: 0; }
  nav { display: flex; gap: 1.5rem; align-items: baseline; padding: 0.75rem 1.25rem; border-bottom: 1px solid #ddd;
    font: 15px/1.4 system-ui, sans-serif; }
  nav a { color: #32329f; text-decoration: none; }
  nav a[aria-current="page"] { font-weight: 600; color: #111; }
  nav .document { margin-left: auto; font-size: 13px; }
</style>
</head>
<body>
<nav aria-label="API version">
  ${link("v1", version)}
  ${link("v2", version)}
  <a class="document" href="${referencePaths.document(version)}">OpenAPI document (JSON)</a>
</nav>
<redoc spec-url="${referencePaths.document(version)}"></redoc>
<script src="${referencePaths.script}"></script>
</body>
</html>
`;
