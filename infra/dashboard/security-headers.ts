/**
 * The seller dashboard's security headers: the same answer from the local gateway and, through a CloudFront
 * response headers policy, in AWS (where HSTS joins them: only HTTPS can carry it). Scripts and styles only
 * from the dashboard's own files; requests only to its own origin, where the API is too; images from its own
 * files, `data:` URLs, `blob:` URLs (the preview of a file the seller picks before uploading it) and the image
 * CDN (product images and the seller's avatar); no framing, no referrer, no sniffing.
 */
export interface DashboardSecurityHeaders {
  readonly "content-security-policy": string;
  readonly "x-content-type-options": "nosniff";
  readonly "referrer-policy": "no-referrer";
}

/**
 * Whitespace ends a CSP source, `;` a directive and `,` a whole policy: an origin holding any of them would
 * add to the policy rather than name one source.
 */
const UNSAFE_IN_SOURCE = /[\s;,]/;

/** The dashboard's security headers, with `imageOrigin` (scheme, host and port, no path) allowed for images. */
export const dashboardSecurityHeaders = (imageOrigin: string): DashboardSecurityHeaders => {
  // A CDK token (the CDN's domain in AWS) holds none of these characters either.
  if (imageOrigin === "" || UNSAFE_IN_SOURCE.test(imageOrigin))
    throw new Error(`the dashboard's image origin must be one CSP source, got "${imageOrigin}"`);
  return {
    "content-security-policy": [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      `img-src 'self' data: blob: ${imageOrigin}`,
      "connect-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join("; "),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
  };
};
