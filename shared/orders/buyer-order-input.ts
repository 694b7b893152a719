import { MAX_RESULT_WINDOW } from "../catalogue/search-query.js";
import { chatMessageText } from "../chat/chat-body.js";
import { calendarDay, wholeNumber } from "../validation/query-numbers.js";
import * as z from "../validation/zod-mini.js";

/** GET /history query parameters (all optional). */
export const historyQuerySchema = z
  .strictObject({
    status: z.optional(
      z.enum(["paid", "unpaid", "dispute"], { error: "status must be one of paid, unpaid, dispute" }),
    ),
    seller_id: z.optional(wholeNumber("seller_id", 1, 2_147_483_647)),
    product_id: z.optional(
      z.string().check(z.minLength(1), z.maxLength(64, "product_id must be at most 64 characters")),
    ),
    date_from: z.optional(calendarDay("date_from")),
    date_to: z.optional(calendarDay("date_to")),
    page: z._default(wholeNumber("page", 1, MAX_RESULT_WINDOW), 1),
    limit: z._default(wholeNumber("limit", 1, 100), 20),
  })
  .check(
    z.refine((q) => q.date_from === undefined || q.date_to === undefined || q.date_from <= q.date_to, {
      path: ["date_to"],
      error: "date_to must not be before date_from",
    }),
    z.refine((q) => !(q.page * q.limit > MAX_RESULT_WINDOW), {
      path: ["page"],
      error: `page × limit must not exceed ${MAX_RESULT_WINDOW}; narrow the filters instead`,
    }),
  );
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** POST /dispute body; the optional message follows the chat's rules, since it is posted to the order's chat. */
export const disputeBodySchema = z.strictObject(
  {
    order_id: z
      .string({ error: "order_id must be a string" })
      .check(z.minLength(1, "order_id is required"), z.maxLength(64)),
    action: z.enum(["open", "close"], { error: "action must be open or close" }),
    message: z.optional(chatMessageText),
  },
  { error: "Request body must be a JSON object" },
);
export type DisputeBody = z.infer<typeof disputeBodySchema>;
