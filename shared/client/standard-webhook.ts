import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A receiver's check of the Standard Webhooks headers (https://www.standardwebhooks.com) every webhook of
 * the service carries. Written here on node:crypto alone, not shared with the service's signer
 * (`shared/webhooks/standard-signature.ts`): the package must run outside the repository, and an
 * independent verifier that agrees with the signer and with the reference library is the evidence the
 * tests want.
 */

/** How far a webhook's `webhook-timestamp` may lie from the receiver's clock, either way: the spec's 5 minutes. */
export const STANDARD_WEBHOOK_TOLERANCE_SECONDS = 300;

/** The prefix of a signing secret as the service prints it; the rest is the base64 of the key. */
const SECRET_PREFIX = "whsec_";

/** Why a webhook was not accepted. */
export type StandardWebhookRefusal =
  /** `webhook-id`, `webhook-timestamp` or `webhook-signature` is absent or empty. */
  | "missing_headers"
  /** `webhook-timestamp` is not a whole number of Unix seconds. */
  | "invalid_timestamp"
  /** Signed more than the tolerance ago: a replay, or a clock far behind. */
  | "timestamp_too_old"
  /** Signed more than the tolerance ahead of the receiver's clock. */
  | "timestamp_too_new"
  /** No `v1,` entry of `webhook-signature` is the HMAC of this id, time and body under the secret. */
  | "no_matching_signature";

/** The outcome of a check: the webhook's id and time when it verifies, the reason when it does not. */
export type StandardWebhookVerdict =
  | { readonly ok: true; readonly id: string; readonly timestamp: number }
  | { readonly ok: false; readonly reason: StandardWebhookRefusal };

/** Request headers as a fetch `Headers`, or as Node's `req.headers` (any case, repeated ones as arrays). */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/** What a check may change: the tolerance, and the clock it is measured against. */
export interface StandardWebhookOptions {
  /** Seconds either way (default STANDARD_WEBHOOK_TOLERANCE_SECONDS). */
  readonly toleranceSeconds?: number;
  /** The receiver's time (default: now). */
  readonly now?: Date;
}

const headerOf = (headers: WebhookHeaders, name: string): string => {
  if (headers instanceof Headers) return headers.get(name) ?? "";
  for (const [key, value] of Object.entries(headers))
    if (key.toLowerCase() === name) return typeof value === "string" ? value : (value ?? []).join(" ");
  return "";
};

const keyOf = (secret: string): Buffer => {
  const key = Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    "base64",
  );
  // A wrong secret is the receiver's configuration, not the webhook's fault: say so rather than refuse.
  if (key.length === 0) throw new TypeError("A signing secret is whsec_ followed by the base64 of its key");
  return key;
};

/** Whether two strings are equal, in time that depends on their length only. */
const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Verifies a webhook's Standard Webhooks signature against the raw body as received (the exact bytes,
 * not a re-serialised parse): some `v1,` entry of `webhook-signature` must be the base64 HMAC-SHA256 of
 * `<webhook-id>.<webhook-timestamp>.<body>` under the `whsec_` secret, and the timestamp within the
 * tolerance of now. Mid-rotation the header carries one entry per secret, so either secret verifies.
 */
export const verifyStandardWebhook = (
  secret: string,
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  options: StandardWebhookOptions = {},
): StandardWebhookVerdict => {
  const key = keyOf(secret);
  const id = headerOf(headers, "webhook-id");
  const time = headerOf(headers, "webhook-timestamp");
  const signatures = headerOf(headers, "webhook-signature");
  if (id === "" || time === "" || signatures === "") return { ok: false, reason: "missing_headers" };
  if (!/^\d+$/.test(time)) return { ok: false, reason: "invalid_timestamp" };
  const timestamp = Number(time);
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? STANDARD_WEBHOOK_TOLERANCE_SECONDS;
  if (now - timestamp > tolerance) return { ok: false, reason: "timestamp_too_old" };
  if (timestamp - now > tolerance) return { ok: false, reason: "timestamp_too_new" };

  // Signed as the reference library signs: the timestamp as a number, whatever zeros lead the header.
  const signed = `${id}.${timestamp}.`;
  const expected = createHmac("sha256", key).update(signed, "utf8").update(rawBody).digest("base64");
  const matches = signatures
    .split(" ")
    .filter((entry) => entry.startsWith("v1,"))
    .some((entry) => sameText(entry.slice("v1,".length), expected));
  return matches ? { ok: true, id, timestamp } : { ok: false, reason: "no_matching_signature" };
};
