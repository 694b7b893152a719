import { Ajv2020 } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { buildVersionDocument } from "../../../infra/openapi/documents.js";
import { spokenDelay } from "../../../infra/openapi/webhooks.js";
import { SELLER_EVENT_TYPES } from "../../../shared/accounts/webhook-subscription.js";
import { webhookContracts } from "../../../shared/api/v1/webhook-contracts.js";
import { safeParse } from "../../../shared/validation/zod-mini.js";
import { DEFAULT_WEBHOOK_RETRY_DELAYS } from "../../../shared/webhooks/retry-schedule.js";
import { sellerEventBodySchema } from "../../../shared/webhooks/seller-event-payloads.js";
import { WEBHOOK_TIMEOUT_MS } from "../../../shared/webhooks/webhook-client.js";

type Json = Record<string, unknown>;

interface WebhookOperation {
  readonly operationId: string;
  readonly description: string;
  readonly parameters: { name: string; in: string; required: boolean }[];
  readonly requestBody: { content: { "application/json": { schema: { $ref: string }; example: unknown } } };
  readonly responses: Record<string, unknown>;
}

let document: Json;
let webhooks: Record<string, { post: WebhookOperation }>;
let schemas: Record<string, Json>;

beforeAll(async () => {
  document = await buildVersionDocument("v1");
  webhooks = document.webhooks as typeof webhooks;
  schemas = (document.components as { schemas: Record<string, Json> }).schemas;
});

/** The component a webhook's body names. */
const bodyOf = (name: string) => {
  const ref = webhooks[name]?.post.requestBody.content["application/json"].schema.$ref ?? "";
  return schemas[ref.replace("#/components/schemas/", "")] as Json;
};

describe("the v1 document's webhooks", () => {
  it("are the payment webhook and each event a seller may opt into", () => {
    expect(Object.keys(webhooks)).toEqual(["payment", ...SELLER_EVENT_TYPES]);
  });

  it("give the payment webhook exactly the spec's six fields, all sent", () => {
    const body = bodyOf("payment");
    const fields = ["id_order", "id_product", "payment_status", "signature", "delivery_url", "token"];
    expect(Object.keys(body.properties as Json)).toEqual(fields);
    expect(body.required).toEqual(fields);
    expect(body.additionalProperties).toBe(false);
    expect((body.properties as Record<string, Json>).payment_status).toMatchObject({ const: "paid" });
  });

  it("give each event the body the event service sends: {type, timestamp, data}", () => {
    for (const type of SELLER_EVENT_TYPES) {
      const example = webhookContracts[type].example;
      expect(safeParse(sellerEventBodySchema(type), example).success, type).toBe(true);
      expect(Object.keys(bodyOf(type).properties as Json)).toEqual(["type", "timestamp", "data"]);
    }
  });

  it("have examples their documented schemas accept", () => {
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    ajv.addKeyword("components");
    for (const [name, { post }] of Object.entries(webhooks)) {
      const { schema, example } = post.requestBody.content["application/json"];
      const validate = ajv.compile({ ...schema, components: document.components });
      expect(validate(example) ? [] : validate.errors, name).toEqual([]);
    }
  });

  it("state the headers a receiver checks, the test webhook's mark on the payment webhook only", () => {
    const headers = (name: string) => webhooks[name]?.post.parameters.map((p) => `${p.in} ${p.name}`);
    const common = [
      "header webhook-id",
      "header webhook-timestamp",
      "header webhook-signature",
      "header x-webhook-id",
      "header user-agent",
    ];
    expect(headers("payment")).toEqual([...common, "header x-webhook-test"]);
    for (const type of SELLER_EVENT_TYPES) expect(headers(type)).toEqual(common);
  });

  it("say what to answer, how long the marketplace waits, and the retry schedule, from the code's numbers", () => {
    const schedule = DEFAULT_WEBHOOK_RETRY_DELAYS.map(spokenDelay).join(", ");
    expect(schedule).toBe("1 min, 5 min, 15 min, 30 min, 1 h, 2 h, 4 h, 6 h, 12 h, 12 h");
    for (const { post } of Object.values(webhooks)) {
      expect(post.description).toContain(`Answer any 2xx within ${WEBHOOK_TIMEOUT_MS / 1000} seconds`);
      expect(post.description).toContain(`sent again after ${schedule}`);
      expect(post.description).toContain("Deduplicate by `webhook-id`");
      expect(Object.keys(post.responses)).toEqual(["200", "400", "403", "500"]);
    }
  });
});
