import type { AccountService } from "../../accounts/account-service.js";
import { worded } from "../../errors/refusal.js";
import * as refusals from "../../errors/refusals.js";
import * as z from "../../validation/zod-mini.js";
import { testWebhookAnswerSchema } from "../../webhooks/test-webhook.js";
import { type Answer, answering } from "../answer-schema.js";
import type { GroupContracts } from "../route-contract.js";
import { dottedDate } from "./field-schemas.js";
import { imageForm, uploaded } from "./image-upload.js";

const seller = answering<Answer<AccountService["view"]>>()(
  z.strictObject({
    id: z.int().check(z.describe("Seller id")),
    id_user: z.int().check(z.describe("Messaging-account id")),
    name: z.string().check(z.describe("Store name")),
    balance: z.int().check(z.describe("Balance in whole roubles")),
    img: z.string().check(z.describe("Store avatar URL; empty if none")),
    description: z.string(),
    api_url: z.string().check(z.describe("Target of the payment webhooks; empty if none")),
    data_create: dottedDate,
    rating: z.int(),
    api_key: z.string().check(z.describe("The seller's API key")),
    status_moderation: z.int().check(z.describe("0 pending, 1 approved, 2 blocked")),
  }),
);

/** The seller's account: read it, edit the profile, upload the avatar, send a test webhook. */
export const v1SellerContracts = {
  "GET /seller": {
    summary: "Read the seller's account",
    success: {
      status: 200,
      data: seller,
      example: {
        id: 42,
        id_user: 42,
        name: "Key Corner",
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
        z.strictObject({ id: z.int(), name: z.string(), description: z.string(), api_url: z.string() }),
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
      data: testWebhookAnswerSchema,
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
} satisfies GroupContracts<"v1-seller">;
