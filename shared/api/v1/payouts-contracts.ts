import { payoutStatuses } from "../../payouts/payout.js";
import type { PayoutService } from "../../payouts/payout-service.js";
import * as z from "../../validation/zod-mini.js";
import { type Answer, answering } from "../answer-schema.js";
import { refusals } from "../documented-refusals.js";
import type { GroupContracts } from "../route-contract.js";
import { clockTime, id, isoDate } from "./field-schemas.js";
import { cursorQuery, historyDescription } from "./history-lists.js";

const payoutItem = answering<Answer<PayoutService["history"]>["items"][number]>()(
  z.strictObject({
    id_order: id("Payout id"),
    type: z.literal("out"),
    amount: z.int(),
    status: z.enum(payoutStatuses),
    payment_system: z.string().check(z.describe("usdt, card or payment_account")),
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
        z.strictObject({ id_order: id("The payout's id") }),
      ),
      example: { id_order: "01JQ7C5D6E7F8G9H0J1K2M3N4P" },
    },
    errors: [
      refusals.notJsonObject,
      refusals.badRequest("Amount must be a whole number from 1000 to 1000000"),
      refusals.badRequest("Payment system must be one of usdt, card, payment_account"),
      refusals.badRequest("Invalid card number: 16-19 digits with a valid checksum"),
      refusals.badRequest("Invalid USDT wallet: a TRC-20 (T…) or ERC-20 (0x…) address"),
      refusals.badRequest("Invalid payment account: 20 digits"),
      { status: 400, code: "invalid_otp", message: "Invalid OTP code" },
      refusals.sellerNotFound,
      { status: 409, code: "insufficient_balance", message: "Insufficient balance" },
      {
        status: 429,
        code: "payouts_locked",
        message: "Too many invalid codes: payouts are locked for 15 minutes",
      },
    ],
  },

  "GET /payout/history": {
    summary: "List the seller's payouts",
    description: historyDescription("payouts"),
    queryParameters: cursorQuery,
    success: {
      status: 200,
      data: z.array(payoutItem),
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
      refusals.cursorLimit,
      refusals.invalidCursor,
      refusals.historyTooLarge("payouts"),
      refusals.answerTooLarge,
      refusals.sellerNotFound,
    ],
  },
} satisfies GroupContracts<"v1-payouts">;
