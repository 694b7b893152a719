import type { SellerEventType } from "../../accounts/webhook-subscription.js";
import { deliveryUrl } from "../../delivery/delivery-url.js";
import * as z from "../../validation/zod-mini.js";
import { sellerEventBodySchema } from "../../webhooks/seller-event-payloads.js";
import { webhookSignature } from "../../webhooks/webhook-signature.js";
import type { ContractSchema } from "../route-contract.js";
import { ORDER_ID, PRODUCT_ID } from "./example-ids.js";

/**
 * What the Seller API v1 document says of each webhook the marketplace sends a seller (its OpenAPI 3.1
 * `webhooks`): the payment webhook of the spec, and each event a seller may opt into
 * (POST /api/v1/seller/webhook-events). Their shared rules (headers, signatures, answer, retries) are the
 * document's to state once (infra/openapi/webhooks.ts); each contract says when it is sent and what its
 * body holds.
 */
export interface WebhookContract {
  /** The operationId of the webhook in the document, unique across both documents. */
  readonly operationId: string;
  /** The component name of its body. */
  readonly schemaName: string;
  readonly summary: string;
  /** When it is sent, and what to do with it. */
  readonly description: string;
  readonly body: ContractSchema;
  /** An example of the body, as sent. */
  readonly example: unknown;
}

/** The example seller's API key (GET /seller's example): the examples' signatures are made with it. */
const EXAMPLE_API_KEY = "mk_3xQ9vB2nL7pR4tY8wK1mC5zH0jF6gD2sA9eU4iO7bN1";
/** A delivery token as the service makes one: 32 random bytes, base64url (43 characters). */
const EXAMPLE_TOKEN = "pX4n7Qe2Vb9Lk0Tz3Hs8Ry1Wm6Jd5Fa2Gc7Ub4Io9Nq";
const EXAMPLE_TIMESTAMP = "2026-11-20T10:15:30.000Z";

const signatureRule =
  "lowercase hex SHA-1 of (lowercase hex SHA-1 of your API key) followed by id_order; compare it with the one you compute and answer 403 when they differ";

/** The spec's payment webhook body: exactly its six fields, nothing else. */
export const paymentWebhookSchema = z.strictObject({
  id_order: z.string().check(z.describe("The paid order's id, as GET /orders/info/{id} takes it")),
  id_product: z.string().check(z.describe("The product bought, as GET /products/info/{id} takes it")),
  payment_status: z
    .literal("paid")
    .check(z.describe('Always "paid": the webhook is sent once an order is paid')),
  signature: z
    .string()
    .check(z.regex(/^[0-9a-f]{40}$/), z.describe(`The spec's signature of the order: ${signatureRule}`)),
  delivery_url: z
    .string()
    .check(
      z.describe(
        "Where to POST the goods (text, and an optional https download link) with your bearer token: {base_url_v1}/orders/delivery/<token>",
      ),
    ),
  token: z
    .string()
    .check(
      z.regex(/^[A-Za-z0-9_-]{43}$/),
      z.describe(
        "The order's one-time delivery token (43 base64url characters), also the last path segment of delivery_url; it delivers once",
      ),
    ),
});

const orderEventData = (orderId: string) => ({
  id_order: orderId,
  id_product: PRODUCT_ID,
  signature: webhookSignature(EXAMPLE_API_KEY, orderId),
});

/** What each opted-in event is sent for, and its example `data`. */
const events: Record<SellerEventType, { summary: string; when: string; data: unknown; name: string }> = {
  "order.canceled": {
    name: "OrderCanceledEvent",
    summary: "An unpaid order was canceled",
    when: "Sent when an order that was never paid is canceled at its expiry (status_order wait → canceled): the stock it held is on sale again.",
    data: orderEventData(ORDER_ID),
  },
  "dispute.opened": {
    name: "DisputeOpenedEvent",
    summary: "A buyer opened a dispute",
    when: "Sent when the buyer of one of your orders opens a dispute about it. Answer in the order chat (POST /orders/chat/{id_order}).",
    data: orderEventData(ORDER_ID),
  },
  "dispute.closed": {
    name: "DisputeClosedEvent",
    summary: "A dispute was closed",
    when: "Sent when the dispute of one of your orders is closed.",
    data: orderEventData(ORDER_ID),
  },
  "chat.message": {
    name: "ChatMessageEvent",
    summary: "A buyer wrote in an order chat",
    when: "Sent for each message the buyer of one of your orders writes in its chat (never for your own). Read the chat with GET /orders/chat/{id_order}.",
    data: {
      id_order: ORDER_ID,
      id_product: PRODUCT_ID,
      message_id: 3,
      message: "The key says it is already used. Can you check?",
      signature: webhookSignature(EXAMPLE_API_KEY, ORDER_ID),
    },
  },
  "key_stock.low": {
    name: "KeyStockLowEvent",
    summary: "A key product is running out of codes",
    when: "Sent once each time a key product's available codes fall from your key_stock_low_threshold or more to fewer (POST /seller/webhook-events sets it). Upload more with POST /products/keys/{id}.",
    data: { id_product: PRODUCT_ID, available: 9 },
  },
  "key_stock.empty": {
    name: "KeyStockEmptyEvent",
    summary: "A key product has no code left",
    when: "Sent when a key product's last available code is taken: it sells nothing until codes are uploaded.",
    data: { id_product: PRODUCT_ID, available: 0 },
  },
};

/** An event's body as sent (`sellerEventBodySchema`), its `data` described for the document. */
const eventBody = (type: SellerEventType) => {
  const sent = sellerEventBodySchema(type);
  return z.strictObject({
    ...sent.shape,
    data: sent.shape.data.check(
      z.describe("What the event is about: the ids to read it by, and the signature where an order is named"),
    ),
  });
};

/** An opted-in event's contract: its body is `{type, timestamp, data}` as the event service sends it. */
const eventContract = (type: SellerEventType): WebhookContract => {
  const event = events[type];
  return {
    operationId: `receive${event.name}`,
    schemaName: event.name,
    summary: event.summary,
    description: `Event \`${type}\`, sent only to a seller who opted into it (POST /seller/webhook-events), to the product's api_url, else the seller's. ${event.when}`,
    body: eventBody(type),
    example: { type, timestamp: EXAMPLE_TIMESTAMP, data: event.data },
  };
};

/** The webhooks of the v1 document, by name: the payment webhook, then each event type. */
export const webhookContracts: Readonly<Record<"payment" | SellerEventType, WebhookContract>> = {
  payment: {
    operationId: "receivePaymentWebhook",
    schemaName: "PaymentWebhook",
    summary: "An order was paid: deliver it",
    description:
      "The spec's payment webhook, always sent (no opt-in) to the product's api_url, else the seller's, once an order is paid. Check `signature` (and the Standard Webhooks headers), then deliver: POST the goods to `delivery_url` with your bearer token; the buyer gets them by e-mail. A product with uploaded key stock is delivered by the marketplace itself: its webhook tells you about a sale you have nothing to do for. POST /seller/webhook-test sends a sample of it, with `X-Webhook-Test: 1` and id_order test-<id>.",
    body: paymentWebhookSchema,
    example: {
      id_order: ORDER_ID,
      id_product: PRODUCT_ID,
      payment_status: "paid",
      signature: webhookSignature(EXAMPLE_API_KEY, ORDER_ID),
      delivery_url: deliveryUrl("https://api.example-market.com", EXAMPLE_TOKEN),
      token: EXAMPLE_TOKEN,
    },
  },
  "order.canceled": eventContract("order.canceled"),
  "dispute.opened": eventContract("dispute.opened"),
  "dispute.closed": eventContract("dispute.closed"),
  "chat.message": eventContract("chat.message"),
  "key_stock.low": eventContract("key_stock.low"),
  "key_stock.empty": eventContract("key_stock.empty"),
};
