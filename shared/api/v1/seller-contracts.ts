import type { AccountService } from "../../accounts/account-service.js";
import { profileUpdateSchema } from "../../accounts/seller-profile.js";
import { WEBHOOK_SECRET_OVERLAP_HOURS } from "../../accounts/webhook-secret-rotation.js";
import { SELLER_EVENT_TYPES } from "../../accounts/webhook-subscription.js";
import type { WebhookSubscriptionService } from "../../accounts/webhook-subscription-service.js";
import { worded } from "../../errors/refusal.js";
import * as refusals from "../../errors/refusals.js";
import * as z from "../../validation/zod-mini.js";
import { EVENT_DELIVERIES_SHOWN } from "../../webhooks/seller-event-deliveries.js";
import { eventDeliverySchema } from "../../webhooks/seller-event-delivery-schema.js";
import { testWebhookAnswerSchema } from "../../webhooks/test-webhook.js";
import { type Answer, answering } from "../answer-schema.js";
import type { GroupContracts } from "../route-contract.js";
import { API_URL_RULE, describeFields, documentRule } from "./field-descriptions.js";
import { dottedDate, roubles, webhookCallWords } from "./field-schemas.js";
import { imageForm, uploaded } from "./image-upload.js";

// The description's limits are on the text kept once HTML is stripped, which the checks after the strip
// enforce and its pipe's JSON Schema (the raw text's 10,000 bound) cannot show.
documentRule(profileUpdateSchema.shape.description, { minLength: 10, maxLength: 1000 });
documentRule(profileUpdateSchema.shape.api_url, API_URL_RULE);
describeFields(testWebhookAnswerSchema.shape, {
  id_order: "test-<id>: no order has it, so a receiver can tell the test from a sale",
  ...webhookCallWords,
});

describeFields(profileUpdateSchema.shape, {
  name: "Store name, 3 to 100 characters after trimming, on one line; none of < > \" ' ` ; & { } and no control characters.",
  description:
    "Store description as plain text: HTML tags are stripped (script and style elements with their content), then the text kept must be 10 to 1000 characters; line breaks allowed, no control characters. The text as sent, markup included, may be up to 10,000 characters.",
  api_url:
    'Where the payment webhooks (and opted-in events) of the seller\'s products go, unless a product has an api_url of its own: an absolute http or https URL of at most 2048 characters, without a user name or password, and not at a private, link-local (cloud metadata) or reserved address; a host name is resolved and judged again when a webhook is sent. "" clears it.',
});

const seller = answering<Answer<AccountService["view"]>>()(
  z.strictObject({
    id: z.int().check(z.describe("Seller id")),
    id_user: z.int().check(z.describe("Messaging-account id")),
    name: z.string().check(z.describe("Store name")),
    balance: roubles("Balance: what POST /payout may take"),
    img: z.string().check(z.describe("Store avatar URL; empty if none")),
    description: z.string().check(z.describe("Store description, plain text; empty if none")),
    api_url: z.string().check(z.describe("Target of the payment webhooks; empty if none")),
    data_create: dottedDate,
    rating: z
      .int()
      .check(
        z.describe(
          "Store rating: the mean of the approved buyers' reviews of all your products (1-5), rounded half up; 0 without one",
        ),
      ),
    api_key: z.string().check(z.describe("The seller's API key")),
    status_moderation: z.literal([0, 1, 2]).check(
      z.meta({
        type: "integer",
        description:
          "The store's standing: 0 pending, 1 approved, 2 blocked (its key and tokens stop working)",
      }),
    ),
  }),
);

const webhookSubscriptionAnswer = answering<Answer<WebhookSubscriptionService["view"]>>()(
  z
    .strictObject({
      events: z
        .array(z.enum(SELLER_EVENT_TYPES))
        .check(z.describe("The event types the seller gets beside the payment webhook; [] for none")),
      key_stock_low_threshold: z
        .int()
        .check(z.describe("key_stock.low is sent when a key product's available codes fall below this")),
      available: z.array(z.string()).check(z.describe("Every event type a seller may opt into")),
    })
    .check(z.describe("The events the seller opted into")),
);

const subscriptionExample = {
  events: ["dispute.opened", "dispute.closed", "key_stock.low"],
  key_stock_low_threshold: 5,
  available: SELLER_EVENT_TYPES,
};

/**
 * The seller's account: read it, edit the profile, upload the avatar, send a test webhook; rotate the
 * webhook signing secret and choose the events to receive (extensions).
 */
export const v1SellerContracts = {
  "GET /seller": {
    summary: "Read the seller's account",
    description:
      "The caller's own account: profile, balance in whole roubles (RUB), rating, moderation status and the API key itself.",
    success: {
      status: 200,
      data: seller.check(z.describe("The seller's account")),
      example: {
        id: 42,
        id_user: 42,
        name: "Demo Seller",
        balance: 15400,
        img: "https://img.example-market.com/sellers/42/0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f.jpg",
        description: "Game keys and software licences, delivered instantly.",
        api_url: "https://hooks.example-seller.com/marketplace",
        data_create: "01.04.2025",
        rating: 0,
        api_key: "mk_3xQ9vB2nL7pR4tY8wK1mC5zH0jF6gD2sA9eU4iO7bN1",
        status_moderation: 1,
      },
    },
    errors: [refusals.sellerNotFound],
  },

  "POST /seller/profile": {
    summary: "Edit the store's name, description or webhook URL",
    description:
      "All fields optional, at least one. HTML in the description is stripped; an empty api_url clears it. balance, rating, api_key, status_moderation and id_user cannot be set.",
    requestExample: {
      name: "Key Corner",
      description: "Game keys and software licences, delivered instantly.",
      api_url: "https://hooks.example-seller.com/marketplace",
    },
    success: {
      status: 200,
      data: answering<Answer<AccountService["updateProfile"]>>()(
        z
          .strictObject({
            id: z.int().check(z.describe("Seller id")),
            name: z.string().check(z.describe("Store name, as saved")),
            description: z.string().check(z.describe("Store description, as saved (HTML stripped)")),
            api_url: z.string().check(z.describe("Target of the payment webhooks, as saved; empty if none")),
          })
          .check(z.describe("The profile as saved")),
      ),
      example: {
        id: 42,
        name: "Key Corner",
        description: "Game keys and software licences, delivered instantly.",
        api_url: "https://hooks.example-seller.com/marketplace",
      },
    },
    errors: [
      refusals.sellerNameLength,
      refusals.sellerNameSymbols,
      refusals.descriptionTooShort,
      refusals.descriptionTooLong,
      refusals.invalidApiUrl,
      worded(refusals.fieldNotAllowed, { field: "balance" }),
      refusals.noValidData,
      refusals.profileNotUpdated,
    ],
  },

  "POST /seller/img": {
    summary: "Upload the store's avatar",
    description: "Replaces the previous image. The format is recognised by the file's bytes.",
    requestBody: { contentType: "multipart/form-data", schema: imageForm(false) },
    success: {
      status: 200,
      data: uploaded,
      example: {
        message: "Image uploaded",
        url: "https://img.example-market.com/sellers/42/0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f.jpg",
      },
    },
    errors: [
      refusals.notMultipart,
      refusals.badMultipart,
      refusals.imageRequired,
      refusals.imageTooLarge,
      refusals.imageFormat,
      refusals.sellerNotFound,
      refusals.uploadFailed,
    ],
  },

  "POST /seller/webhook-test": {
    summary: "Send a signed test webhook to the seller's api_url",
    extension: true,
    description:
      "A sample of the payment webhook, signed with the seller's key like a real one, with id_order test-<id> and the header X-Webhook-Test: 1; its token names no order. Sent once through the same guarded client; nothing is recorded or retried. The answer is how the call went. Each seller may call it 5 times a minute (every call counts); more is 429 with Retry-After, before anything is sent.",
    success: {
      status: 200,
      data: testWebhookAnswerSchema.check(z.describe("How the test webhook's call went")),
      example: {
        id_order: "test-01JQ7D8E9F0G1H2J3K4M5N6P7Q",
        target: "https://hooks.example-seller.com",
        outcome: "delivered",
        http_status: 200,
        error: null,
        duration_ms: 134,
      },
    },
    errors: [refusals.sellerNotFound, refusals.noApiUrl, refusals.tooManyRequests],
  },

  "POST /seller/webhook-secret": {
    summary: "Rotate the webhook signing secret",
    extension: true,
    description: `A new Standard Webhooks signing secret (whsec_…), shown in this answer only. Every webhook carries webhook-id, webhook-timestamp and webhook-signature (v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>"> under the secret's base64 part); the secret replaced keeps signing beside the new one for ${WEBHOOK_SECRET_OVERLAP_HOURS} hours (two signatures in the header) so a receiver can switch without refusing a webhook. A rotation inside that time replaces the one still overlapping. An account made before secrets existed has none until its first rotation (previous_signs_until is then null). Nothing else changes: the API key, tokens and the spec's signature field are untouched.`,
    success: {
      status: 200,
      data: z
        .strictObject({
          webhook_secret: z
            .string()
            .check(z.describe("The new signing secret: whsec_ and the base64 of 24 random bytes")),
          previous_signs_until: z
            .nullable(z.string())
            .check(
              z.describe(
                "Until when (ISO 8601 UTC) the replaced secret still signs; null when none was replaced",
              ),
            ),
        })
        .check(z.describe("The new signing secret, shown this once")),
      example: {
        webhook_secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
        previous_signs_until: "2026-11-28T10:15:00.000Z",
      },
    },
    errors: [
      worded(refusals.sellerIdNotFound, { sellerId: 42 }),
      worded(refusals.sellerKeptChanging, { sellerId: 42 }),
    ],
  },

  "GET /seller/webhook-events": {
    summary: "Read the webhook events the seller opted into",
    extension: true,
    description:
      "Beside the payment webhook (always sent, exactly as the spec describes it) a seller may opt into events: order.canceled, dispute.opened, dispute.closed, chat.message (the buyer's), key_stock.low and key_stock.empty. Each is POSTed to the product's api_url, else the seller's, as {type, timestamp, data}, signed and retried like the payment webhook (see the document's webhooks). A seller who opted into nothing gets nothing but the payment webhook.",
    success: { status: 200, data: webhookSubscriptionAnswer, example: subscriptionExample },
    errors: [refusals.sellerNotFound],
  },

  "POST /seller/webhook-events": {
    summary: "Choose the webhook events to receive",
    extension: true,
    description:
      "Replaces the list of events the seller opted into (an empty list opts out of all of them) and, when given, the key_stock.low threshold. Whether an event is wanted is decided when it is sent, so opting out also stops the retries of events not yet delivered. The answer is the subscription as stored.",
    requestExample: {
      events: ["dispute.opened", "dispute.closed", "key_stock.low"],
      key_stock_low_threshold: 5,
    },
    success: { status: 200, data: webhookSubscriptionAnswer, example: subscriptionExample },
    errors: [refusals.sellerNotFound],
  },

  "GET /seller/webhook-events/deliveries": {
    summary: "List the latest attempts to send the seller its events",
    extension: true,
    description: `The latest ${EVENT_DELIVERIES_SHOWN} attempts of the events the seller opted into, newest first, kept 7 days. An event not opted into is never attempted, so it is not here. The payment webhook's attempts are listed per order by GET /orders/webhooks/{id}.`,
    success: {
      status: 200,
      data: z.array(eventDeliverySchema).check(z.describe("The latest event attempts, newest first")),
      example: [
        {
          event_id: "evt_5d41402abc4b2a76b9719d911017c592",
          type: "dispute.opened",
          attempt: 1,
          at: "2026-11-27 10:15:02",
          target: "https://hooks.example-seller.com",
          outcome: "delivered",
          http_status: 200,
          error: null,
          duration_ms: 87,
        },
      ],
    },
    errors: [],
  },
} satisfies GroupContracts<"v1-seller">;
