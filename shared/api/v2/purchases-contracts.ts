import type { createBalanceView } from "../../accounts/balance-view.js";
import { worded } from "../../errors/refusal.js";
import * as refusals from "../../errors/refusals.js";
import { idempotencyKeySchema } from "../../idempotency/idempotency-record.js";
import { MAX_COMMENT_LENGTH } from "../../purchases/comment-rules.js";
import type { BuyResult, GiftResult } from "../../purchases/purchase-service.js";
import { integerLiteral } from "../../validation/integer-literal.js";
import * as z from "../../validation/zod-mini.js";
import { type Answer, answering } from "../answer-schema.js";
import type { GroupContracts, HeaderParameter } from "../route-contract.js";
import { purchaseRefusals } from "./documented-refusals.js";
import { ORDER_ID, PRODUCT_ID } from "./example-ids.js";
import { count, currency, described, id, roubles } from "./field-schemas.js";

type Balance = Answer<ReturnType<typeof createBalanceView>["balance"]>;

const idempotencyKey: Record<string, HeaderParameter> = {
  "Idempotency-Key": {
    description:
      "**Extension** (not in the spec). Optional: 1-255 visible ASCII characters, e.g. a UUID. The purchase happens at most once per key and account for 24 hours: a repeat of the same request answers the first 201 again (with the response header `Idempotent-Replayed: true`) and charges nothing; the same key with another body is 422 `idempotency_mismatch`; while the first request is still running, 409 `request_in_progress`. A refused request frees its key.",
    schema: idempotencyKeySchema,
  },
};

const balanceAnswer = answering<Balance>()(
  z.strictObject({
    balance: roubles("The account's balance, 0 or more: what POST /buy and POST /gift charge"),
    currency,
  }),
);

const buyShape = {
  order_id: id("The new order's id (GET /order/{order_id})"),
  product_id: id("The product bought"),
  quantity: count("Units bought"),
  total: roubles("Amount charged from the balance: quantity × the price after the discount"),
  currency,
  h2h: described(integerLiteral([1]), "Always 1: only H2H products are sold through the API"),
};
const buyAnswer = answering<BuyResult>()(z.strictObject(buyShape));
const giftAnswer = answering<GiftResult>()(
  z.strictObject({
    ...buyShape,
    gift: described(integerLiteral([1]), "Always 1: the order is a gift"),
    gift_code: described(
      z.string(),
      "The gift's code (32 characters, base64url); also posted to the order's chat and e-mailed to the buyer",
    ),
  }),
);
const buyExample = {
  order_id: ORDER_ID,
  product_id: PRODUCT_ID,
  quantity: 1,
  total: 2250,
  currency: "RUB",
  h2h: 1,
};

/** The reseller's balance and its purchases: buy, or buy as a gift. */
export const v2PurchasesContracts = {
  "GET /balance": {
    summary: "The caller's balance and its currency",
    description: "What POST /buy and POST /gift can spend now, in whole roubles (RUB).",
    success: { status: 200, data: balanceAnswer, example: { balance: 15000, currency: "RUB" } },
    errors: [refusals.accountNotFound],
  },

  "POST /buy": {
    summary: "Buy a product from the reseller balance",
    description:
      "The body's own rules come first (422), the comment's length among them (invalid_comment). Then, in this order: the product is public (404), its category is not blocked (403), it is not the caller's own (403), it is delivered by webhook (H2H, 403), its seller may sell (409), the comment follows the product's rules (422), stock suffices (409), the balance suffices (409). Then stock, balance, the paid order and the seller's webhook commit together; the seller delivers through the v1 delivery flow and the buyer gets the product by e-mail. **Extension:** a product that sells uploaded codes is H2H without a webhook and is delivered by the same write (its codes in GET /order and the buyer's e-mail); it sells at most 50 codes per order (422).",
    headerParameters: idempotencyKey,
    requestExample: { product_id: PRODUCT_ID, quantity: 1, comment: "Account: player-1234" },
    success: { status: 201, data: buyAnswer, example: buyExample },
    errors: purchaseRefusals(
      refusals.h2hDisabled,
      refusals.productInactive,
      worded(refusals.commentTooLong, { max: MAX_COMMENT_LENGTH }),
      refusals.commentMarkup,
      refusals.commentControlCharacters,
      refusals.commentRequired,
      refusals.commentRegexMismatch,
    ),
  },

  "POST /gift": {
    summary: "Buy one unit as a gift, with a gift code",
    description:
      "The product must be public, H2H, in stock, allow gifts (gift_available = 1) and not require a comment; otherwise 409 gift_unavailable. quantity and count may be given, and then only as 1. The gift code is also posted to the order's chat and e-mailed to the buyer.",
    headerParameters: idempotencyKey,
    requestExample: { product_id: PRODUCT_ID, quantity: 1 },
    success: {
      status: 201,
      data: giftAnswer,
      example: { ...buyExample, gift: 1, gift_code: "q3Vx8bN1tYw0Zr7Kc2LmPa9SdfGh4JkE" },
    },
    errors: purchaseRefusals(
      refusals.giftUnavailable,
      refusals.productInactive,
      worded(refusals.giftQuantity, { name: "quantity" }),
      worded(refusals.giftQuantity, { name: "count" }),
    ),
  },
} satisfies GroupContracts<"v2-purchases">;
