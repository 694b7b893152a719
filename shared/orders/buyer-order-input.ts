import * as z from "zod";
import { MAX_RESULT_WINDOW } from "../catalogue/search-query.js";
import { chatMessageText } from "../chat/chat-body.js";
import { calendarDay, wholeNumber } from "../validation/query-numbers.js";

/** GET /history query parameters (all optional). */
export const historyQuerySchema = z
  .strictObject({
    status: z
      .enum(["paid", "unpaid", "dispute"], { error: "status must be one of paid, unpaid, dispute" })
      .optional(),
    seller_id: wholeNumber("seller_id", 1, 2_147_483_647).optional(),
    product_id: z.string().min(1).max(64, "product_id must be at most 64 characters").optional(),
    date_from: calendarDay("date_from").optional(),
    date_to: calendarDay("date_to").optional(),
    page: wholeNumber("page", 1, MAX_RESULT_WINDOW).default(1),
    limit: wholeNumber("limit", 1, 100).default(20),
  })
  .refine((q) => q.date_from === undefined || q.date_to === undefined || q.date_from <= q.date_to, {
    path: ["date_to"],
    error: "date_to must not be before date_from",
  })
  .refine((q) => !(q.page * q.limit > MAX_RESULT_WINDOW), {
    path: ["page"],
    error: `page × limit must not exceed ${MAX_RESULT_WINDOW}; narrow the filters instead`,
  });
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** POST /dispute body; the optional message follows the chat's rules, since it is posted to the order's chat. */
export const disputeBodySchema = z.strictObject(
  {
    order_id: z.string({ error: "order_id must be a string" }).min(1, "order_id is required").max(64),
    action: z.enum(["open", "close"], { error: "action must be open or close" }),
    message: chatMessageText.optional(),
  },
  { error: "Request body must be a JSON object" },
);
export type DisputeBody = z.infer<typeof disputeBodySchema>;
