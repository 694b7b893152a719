import { WEBHOOK_SECRET_OVERLAP_HOURS } from "../../shared/accounts/webhook-secret-rotation.js";
import { SIGNING_SECRET_PREFIX } from "../../shared/accounts/webhook-signing-secret.js";
import { webhookContracts } from "../../shared/api/v1/webhook-contracts.js";
import { STANDARD_WEBHOOK_TOLERANCE_SECONDS } from "../../shared/client/standard-webhook.js";
import { DEFAULT_WEBHOOK_RETRY_DELAYS } from "../../shared/webhooks/retry-schedule.js";
import { WEBHOOK_TIMEOUT_MS } from "../../shared/webhooks/webhook-client.js";
import type { Components } from "./components.js";

/** The tag every webhook is listed under. */
export const WEBHOOKS_TAG = "Webhooks";

/** "1 min", "2 h", "90 s": a delay as a person reads it. */
export const spokenDelay = (seconds: number): string => {
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
};

const timeoutSeconds = WEBHOOK_TIMEOUT_MS / 1000;
const totalHours = Math.round(DEFAULT_WEBHOOK_RETRY_DELAYS.reduce((sum, delay) => sum + delay, 0) / 3600);

/** What every webhook shares, in Markdown: how to check it, what to answer, when it comes again. */
const commonRules = [
  "**Check it.** Every webhook carries the [Standard Webhooks](https://www.standardwebhooks.com) headers: " +
    `\`webhook-signature\` is \`v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">\` over the exact bytes received, keyed with the base64 after \`${SIGNING_SECRET_PREFIX}\` of your signing secret (\`webhook_secret\`, shown by account creation and by POST /seller/webhook-secret). ` +
    `Refuse a \`webhook-timestamp\` more than ${STANDARD_WEBHOOK_TOLERANCE_SECONDS / 60} minutes from your clock (a replay). ` +
    "Any library of Standard Webhooks (e.g. the `standardwebhooks` npm package) does both checks.",
  "**Deduplicate by `webhook-id`.** Delivery is at least once: a retry, or a message the queue hands over twice, has the same `webhook-id` (and body); keep the ids you handled and answer 2xx to a repeat without acting again. Webhooks may arrive out of order.",
  `**Answer any 2xx within ${timeoutSeconds} seconds**, before you do slow work. Anything else is a failed attempt: another status (redirects are not followed), no answer within ${timeoutSeconds} seconds, a refused connection.`,
  `**Retries.** After a failed attempt it is sent again after ${DEFAULT_WEBHOOK_RETRY_DELAYS.map(spokenDelay).join(", ")} (${DEFAULT_WEBHOOK_RETRY_DELAYS.length} retries over about ${totalHours} hours; the operator may set another schedule), each attempt signed anew with its own \`webhook-timestamp\`. Then it is set aside, and an operator can send it again. Each attempt is listed by GET /orders/webhooks/{id} (payment webhooks) and GET /seller/webhook-events/deliveries (events).`,
].join("\n\n");

/** A header every webhook carries. */
const header = (name: string, description: string, schema: Record<string, unknown>, required = true) => ({
  name,
  in: "header",
  required,
  description,
  schema,
});

const headers = [
  header(
    "webhook-id",
    "The webhook's id: the same on every attempt, so it is the key to deduplicate by (also sent as x-webhook-id).",
    { type: "string" },
  ),
  header(
    "webhook-timestamp",
    `When this attempt was signed, in Unix seconds: refuse it when it is more than ${STANDARD_WEBHOOK_TOLERANCE_SECONDS / 60} minutes from your clock.`,
    { type: "string", pattern: "^\\d+$" },
  ),
  header(
    "webhook-signature",
    `\`v1,\` and the base64 HMAC-SHA256 of \`<webhook-id>.<webhook-timestamp>.<body>\` under your signing secret. During the ${WEBHOOK_SECRET_OVERLAP_HOURS} hours after a rotation the previous secret signs too: the entries are space-separated and either one verifying is enough. Absent only for an account that has never had a secret (rotate it once with POST /seller/webhook-secret).`,
    { type: "string", pattern: "^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$" },
    false,
  ),
  header("x-webhook-id", "The same value as webhook-id, as the service sent it before Standard Webhooks.", {
    type: "string",
  }),
  header("user-agent", "The marketplace's webhook sender and its version.", { type: "string" }),
];

const testHeader = header(
  "x-webhook-test",
  "1 on the sample POST /seller/webhook-test sends (its id_order is test-<id> and its token delivers nothing); absent on real webhooks.",
  { type: "string", enum: ["1"] },
  false,
);

/** What a receiver answers, as the spec's receiver rules and the retries read it. */
const responses = {
  "200": {
    description: `Received: any 2xx within ${timeoutSeconds} seconds ends the retries. The body of the answer is not read.`,
  },
  "400": {
    description: "A body you cannot read (the spec: Missing delivery_url, a malformed payload). Retried.",
  },
  "403": {
    description:
      "A signature that does not match (the spec: Invalid signature): the request is not from the marketplace. Retried.",
  },
  "500": {
    description:
      "Your delivery failed (the spec: Product generation failed). Retried, as any other answer than a 2xx.",
  },
};

/**
 * The v1 document's `webhooks`: the payment webhook and each event a seller may opt into, with their
 * bodies named in the document's components, their headers, and what to answer.
 */
export const webhooksOf = (components: Components): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(webhookContracts).map(([name, contract]) => {
      components.name(contract.schemaName, contract.body, "output", `webhook ${name}`);
      return [
        name,
        {
          post: {
            operationId: contract.operationId,
            tags: [WEBHOOKS_TAG],
            summary: contract.summary,
            description: `${contract.description}\n\n${commonRules}`,
            security: [],
            parameters: name === "payment" ? [...headers, testHeader] : headers,
            requestBody: {
              required: true,
              description:
                "The webhook's body, as JSON: verify the signature over these exact bytes before parsing.",
              content: {
                "application/json": {
                  schema: components.use(contract.body, "output"),
                  example: contract.example,
                },
              },
            },
            responses,
          },
        },
      ];
    }),
  );
