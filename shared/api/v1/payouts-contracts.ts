import { worded } from "../../errors/refusal.js";
import * as refusals from "../../errors/refusals.js";
import { WHOLE_HISTORY_MAX } from "../../lists/seller-history.js";
import { payoutRequestSchema, payoutStatuses } from "../../payouts/payout.js";
import type { PayoutService } from "../../payouts/payout-service.js";
import { CURSOR_PAGE_MAX } from "../../validation/cursor-page.js";
import * as z from "../../validation/zod-mini.js";
import { type Answer, answering } from "../answer-schema.js";
import type { GroupContracts } from "../route-contract.js";
import { describeFields } from "./field-descriptions.js";
import { clockTime, id, isoDate, roubles } from "./field-schemas.js";
import { cursorQuery, historyDescription } from "./history-lists.js";

describeFields(payoutRequestSchema.shape, {
  amount:
    "Amount to pay out in integer roubles (RUB), 1,000 to 1,000,000; at most the balance (GET /seller), which is debited at once.",
  payment_system:
    "Where the money goes: usdt (a USDT wallet), card (a bank card) or payment_account (a bank account).",
  wallet:
    "The destination in the payment_system's shape, at most 100 characters: card, 16 to 19 digits passing the Luhn checksum (spaces and hyphens between them allowed); usdt, a TRC-20 address (T and 33 base58 characters) or an ERC-20 address (0x and 40 hexadecimal digits); payment_account, 20 digits. Surrounding spaces are trimmed. A wallet of the wrong shape is refused before the code is tried.",
  cod: "The current 6-digit code of the authenticator app enrolled with the account (TOTP, 30-second steps, one step of clock drift either way). A code pays out once; five wrong codes within 15 minutes lock payouts until those 15 minutes end.",
});

const payoutItem = answering<Answer<PayoutService["history"]>["items"][number]>()(
  z.strictObject({
    id_order: id("Payout id"),
    type: z.literal("out").check(z.describe("Always out: money leaving the balance")),
    amount: roubles("Amount paid out"),
    status: z
      .enum(payoutStatuses)
      .check(
        z.describe(
          "wait (debited, waiting for the operator), paid (sent) or rejected (refused by the operator; the amount is back on the balance)",
        ),
      ),
    payment_system: z.string().check(z.describe("usdt, card or payment_account, as requested")),
    date_create: isoDate,
    time_create: clockTime,
  }),
);

/** The seller's payouts: request one, list them. */
export const v1PayoutsContracts = {
  "POST /payout": {
    summary: "Request a payout",
    description:
      "Debits the balance now; the payout waits for the operator. cod is the current 6-digit code of the authenticator app enrolled with the account, good once. Five wrong codes within 15 minutes lock payouts until the window ends.",
    requestExample: { amount: 5000, payment_system: "card", wallet: "4111111111111111", cod: "492817" },
    success: {
      status: 200,
      data: answering<Answer<PayoutService["request"]>>()(
        z.strictObject({ id_order: id("The payout's id") }).check(z.describe("The payout requested")),
      ),
      example: { id_order: "01JQ7C5D6E7F8G9H0J1K2M3N4P" },
    },
    errors: [
      refusals.notJsonObject,
      refusals.payoutAmount,
      refusals.paymentSystem,
      refusals.invalidCard,
      refusals.invalidUsdtWallet,
      refusals.invalidPaymentAccount,
      refusals.invalidOtp,
      refusals.sellerNotFound,
      refusals.insufficientBalance,
      refusals.payoutsLocked,
    ],
  },

  "GET /payout/history": {
    summary: "List the seller's payouts",
    description: historyDescription("payouts"),
    queryParameters: cursorQuery,
    success: {
      status: 200,
      data: z.array(payoutItem).check(z.describe("The seller's payouts (or one page of them), newest first")),
      example: [
        {
          id_order: "01JQ7C5D6E7F8G9H0J1K2M3N4P",
          type: "out",
          amount: 5000,
          status: "wait",
          payment_system: "card",
          date_create: "2025-04-02",
          time_create: "09:15:02",
        },
      ],
    },
    errors: [
      worded(refusals.wholeNumber, { name: "limit", min: 1, max: CURSOR_PAGE_MAX }),
      refusals.invalidCursor,
      worded(refusals.historyTooLarge, { max: WHOLE_HISTORY_MAX, noun: "payouts" }),
      refusals.responseTooLarge,
      refusals.sellerNotFound,
    ],
  },
} satisfies GroupContracts<"v1-payouts">;
