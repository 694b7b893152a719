import { createHmac } from "node:crypto";
import { SIGNING_SECRET_PREFIX } from "../accounts/webhook-signing-secret.js";
import { open } from "../secrets/sealed-box.js";

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com), which every webhook carries beside the
 * spec's `signature` field: HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` under the seller's
 * signing secret, so a receiver checks the body and the time too (the spec's covers the order id only).
 */

/** The header's entry for one secret: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`. */
export const standardSignature = (secret: string, id: string, timestamp: number, body: string): string => {
  if (!secret.startsWith(SIGNING_SECRET_PREFIX)) throw new Error("a signing secret starts with whsec_");
  const key = Buffer.from(secret.slice(SIGNING_SECRET_PREFIX.length), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`, "utf8").digest("base64")}`;
};

/**
 * The three Standard Webhooks headers of one attempt: `webhook-id` (the event's, the same on every
 * retry), `webhook-timestamp` (the attempt's, Unix seconds) and `webhook-signature` (one entry per
 * secret that signs, space-separated, so a receiver mid-rotation accepts either).
 */
export const standardWebhookHeaders = (
  secrets: readonly string[],
  id: string,
  at: Date,
  body: string,
): Record<string, string> => {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    ...(secrets.length === 0
      ? {}
      : {
          "webhook-signature": secrets
            .map((secret) => standardSignature(secret, id, timestamp, body))
            .join(" "),
        }),
  };
};

/**
 * The secrets that sign a seller's webhooks at `at`, opened: the current one, and the one a rotation
 * replaced while its overlap runs; none for an account made before there were secrets.
 */
export const signingSecretsOf = (
  account: {
    readonly webhook_secret_sealed?: string | undefined;
    readonly webhook_secret_previous_sealed?: string | undefined;
    readonly webhook_secret_previous_until?: string | undefined;
  },
  dataKey: Buffer,
  at: Date,
): string[] => {
  const secrets =
    account.webhook_secret_sealed === undefined ? [] : [open(dataKey, account.webhook_secret_sealed)];
  const previous = account.webhook_secret_previous_sealed;
  const until = account.webhook_secret_previous_until;
  if (previous !== undefined && until !== undefined && at.toISOString() < until)
    secrets.push(open(dataKey, previous));
  return secrets;
};
