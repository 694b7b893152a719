/** The one third-party URL Redoc's standalone bundle loads: Redocly's logo in the side menu's footer. */
export const REDOCLY_LOGO_URL = "https://cdn.redoc.ly/redoc/logo-mini.svg";

/**
 * Redoc's standalone bundle as the reference serves it: the logo's URL is replaced by an empty image,
 * so the page requests nothing outside its own origin (Redoc hides a logo that fails to load).
 */
export const withoutThirdPartyRequests = (script: string): string =>
  script.replaceAll(REDOCLY_LOGO_URL, "data:,");
