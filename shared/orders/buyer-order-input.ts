import { MAX_RESULT_WINDOW, pageParameters } from "../catalogue/search-query.js";
import { chatMessageRules, chatMessageText } from "../chat/chat-body.js";
import * as refusals from "../errors/refusals.js";
import { calendarDay, wholeNumber } from "../validation/query-numbers.js";
import * as z from "../validation/zod-mini.js";

/** GET /history query parameters (all optional). */
export const historyQuerySchema = z
  .strictObject({
    status: z.optional(
      z
        .enum(["paid", "unpaid", "dispute"], { error: refusals.orderStatusFilter.message })
        .check(
          z.describe(
            "Only orders in this state: paid (no dispute open), dispute (a dispute is open) or unpaid (none: a purchase from the balance is paid at once)",
          ),
        ),
    ),
    seller_id: z.optional(
      wholeNumber("seller_id", 1, 2_147_483_647).check(
        z.describe("Only orders of this seller: the seller's account id (seller_id of a product)"),
      ),
    ),
    product_id: z.optional(
      z
        .string()
        .check(
          z.minLength(1),
          z.maxLength(64, refusals.productIdTooLong.message),
          z.describe("Only orders of this product: its product_id (a 26-character ULID)"),
        ),
    ),
    date_from: z.optional(
      calendarDay("date_from").check(
        z.describe("Only orders made on this UTC day or later: YYYY-MM-DD, a real date"),
      ),
    ),
    date_to: z.optional(
      calendarDay("date_to").check(
        z.describe("Only orders made on this UTC day or earlier: YYYY-MM-DD, not before date_from"),
      ),
    ),
    ...pageParameters("Orders"),
  })
  .check(
    z.refine((q) => q.date_from === undefined || q.date_to === undefined || q.date_from <= q.date_to, {
      path: ["date_to"],
      error: refusals.dateRange.message,
    }),
    z.refine((q) => !(q.page * q.limit > MAX_RESULT_WINDOW), {
      path: ["page"],
      error: refusals.filterWindow.message({ max: MAX_RESULT_WINDOW }),
    }),
  );
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** POST /dispute body; the optional message follows the chat's rules, since it is posted to the order's chat. */
export const disputeBodySchema = z.strictObject(
  {
    order_id: z
      .string({ error: "order_id must be a string" })
      .check(
        z.minLength(1, "order_id is required"),
        z.maxLength(64),
        z.describe(
          "One of the caller's orders: its order_id from POST /buy or GET /history (a 26-character ULID; 1-64 characters accepted)",
        ),
      ),
    action: z
      .enum(["open", "close"], { error: refusals.disputeAction.message })
      .check(
        z.describe(
          "open: on a paid order without an open dispute (its status becomes dispute); close: ends the open dispute (paid again)",
        ),
      ),
    message: z.optional(
      chatMessageText.check(
        z.describe(`The reason or comment, posted to the order's chat: ${chatMessageRules}`),
      ),
    ),
  },
  { error: refusals.notJsonObject.message },
);
export type DisputeBody = z.infer<typeof disputeBodySchema>;
