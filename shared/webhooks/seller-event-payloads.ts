import type { SellerEventType } from "../accounts/webhook-subscription.js";
import * as z from "../validation/zod-mini.js";

const idOrder = z
  .string()
  .check(z.describe("The order's id, as id_order in the payment webhook and GET /orders"));
const idProduct = z.string().check(z.describe("The product's id"));
const signature = z
  .string()
  .check(
    z.describe(
      "The spec's signature of the order, as in the payment webhook: lowercase hex SHA-1 of (lowercase hex SHA-1 of the API key) + id_order",
    ),
  );

const orderData = z.strictObject({ id_order: idOrder, id_product: idProduct, signature });

/** The `data` of each event a seller may opt into, by type. */
export const sellerEventData = {
  "order.canceled": orderData,
  "dispute.opened": orderData,
  "dispute.closed": orderData,
  "chat.message": z.strictObject({
    id_order: idOrder,
    id_product: idProduct,
    message_id: z.int().check(z.describe("The message's id, as in GET /orders/chat/{id_order}")),
    message: z
      .string()
      .check(z.describe("What the buyer wrote, exactly as sent (escape it where you render it)")),
    signature,
  }),
  "key_stock.low": z.strictObject({
    id_product: idProduct,
    available: z
      .int()
      .check(z.describe("Codes still available: fewer than the seller's key_stock_low_threshold, 0 or more")),
  }),
  "key_stock.empty": z.strictObject({
    id_product: idProduct,
    available: z
      .literal(0)
      .check(z.describe("No code is left: the product sells nothing until codes are uploaded")),
  }),
} as const satisfies Record<SellerEventType, z.core.$ZodType>;

/** The body of an event of `type`: Standard Webhooks' `{type, timestamp, data}`. */
export const sellerEventBodySchema = <T extends SellerEventType>(type: T) =>
  z.strictObject({
    type: z.literal(type).check(z.describe("The event's type: what the receiver dispatches on")),
    timestamp: z.string().check(z.describe("When it happened, ISO 8601 UTC with milliseconds")),
    data: sellerEventData[type],
  });

/** An event's body as sent. */
export interface SellerEventBody {
  readonly type: SellerEventType;
  readonly timestamp: string;
  readonly data: Readonly<Record<string, unknown>>;
}
