import { MAX_RESULT_WINDOW } from "../catalogue/search-query.js";
import { chatMessageText } from "../chat/chat-body.js";
import * as refusals from "../errors/refusals.js";
import { calendarDay, wholeNumber } from "../validation/query-numbers.js";
import * as z from "../validation/zod-mini.js";

/** GET /history query parameters (all optional). */
export const historyQuerySchema = z
  .strictObject({
    status: z.optional(z.enum(["paid", "unpaid", "dispute"], { error: refusals.orderStatusFilter.message })),
    seller_id: z.optional(wholeNumber("seller_id", 1, 2_147_483_647)),
    product_id: z.optional(
      z.string().check(z.minLength(1), z.maxLength(64, refusals.productIdTooLong.message)),
    ),
    date_from: z.optional(calendarDay("date_from")),
    date_to: z.optional(calendarDay("date_to")),
    page: z._default(wholeNumber("page", 1, MAX_RESULT_WINDOW), 1),
    limit: z._default(wholeNumber("limit", 1, 100), 20),
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
      .check(z.minLength(1, "order_id is required"), z.maxLength(64)),
    action: z.enum(["open", "close"], { error: refusals.disputeAction.message }),
    message: z.optional(chatMessageText),
  },
  { error: refusals.notJsonObject.message },
);
export type DisputeBody = z.infer<typeof disputeBodySchema>;
