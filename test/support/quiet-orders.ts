import { randomUUID } from "node:crypto";
import { PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { SQSRecord } from "aws-lambda";
import { keys } from "../../shared/data/table-keys.js";
import { newDeliveryToken } from "../../shared/delivery/delivery-token.js";
import { newId } from "../../shared/ids/ids.js";
import { cryptoRandomness } from "../../shared/ids/randomness.js";
import type { OrderRecord } from "../../shared/orders/order.js";
import { orderItem } from "../../shared/orders/order-items.js";
import type { EmailJob, WebhookJob } from "../../shared/queue/queue-messages.js";
import { dataKey } from "../../shared/runtime/service-keys.js";
import { tableClient, tableName } from "../../shared/runtime/table.js";
import { seal } from "../../shared/secrets/sealed-box.js";

/**
 * Paid orders written straight to the table, with no outbox event: the stack's own webhook and e-mail
 * workers never hear of them, so a test that hands their jobs to a worker itself is the only sender.
 */

/** A paid storefront order of a seller's product, written as the payment would leave it; delivered if `deliveryText` is given. */
export const quietPaidOrder = async (input: {
  sellerId: number;
  productId: string;
  buyerEmail: string;
  deliveryText?: string;
}): Promise<OrderRecord> => {
  const at = new Date().toISOString();
  const id = newId();
  const order: OrderRecord = {
    id_order: id,
    seller_id: input.sellerId,
    product_id: input.productId,
    quantity: 1,
    unit_price: 100,
    amount: 100,
    status: "paid",
    buyer_email: input.buyerEmail,
    buyer_type: "guest",
    guest_id: "quiet",
    payment_system: "card",
    payment_id: `quiet-${id}`,
    created_at: at,
    expires_at: at,
    paid_at: at,
    delivered: input.deliveryText !== undefined,
    ...(input.deliveryText === undefined
      ? {}
      : { delivered_at: at, delivery_text: input.deliveryText, delivery_download: "" }),
    webhook_event_id: randomUUID(),
  };
  await tableClient().send(new PutCommand({ TableName: tableName(), Item: orderItem(order) }));
  return order;
};

/** Marks a quiet order delivered with `text`, as the seller's delivery would. */
export const deliverQuietOrder = async (orderId: string, text: string): Promise<void> => {
  await tableClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.order(orderId),
      UpdateExpression:
        "SET delivered = :yes, delivered_at = :at, delivery_text = :text, delivery_download = :none",
      ExpressionAttributeValues: {
        ":yes": true,
        ":at": new Date().toISOString(),
        ":text": text,
        ":none": "",
      },
    }),
  );
};

/** The webhook job a quiet order's payment would have queued, with a fresh sealed delivery token. */
export const webhookJobOf = async (order: OrderRecord): Promise<WebhookJob> => ({
  event_id: order.webhook_event_id ?? randomUUID(),
  order_id: order.id_order,
  token_sealed: seal(await dataKey(), newDeliveryToken(cryptoRandomness)),
});

/** The delivery e-mail job of an order. */
export const deliveryEmailJobOf = (order: OrderRecord): EmailJob => ({
  event_id: randomUUID(),
  order_id: order.id_order,
  template: "delivery",
});

/** A job as an SQS record of a Lambda batch, received for the `receiveCount`-th time. */
export const sqsRecord = (
  messageId: string,
  job: unknown,
  receiveCount = 1,
  receiptHandle = `receipt-${messageId}`,
): SQSRecord => ({
  messageId,
  receiptHandle,
  body: JSON.stringify(job),
  attributes: {
    ApproximateReceiveCount: String(receiveCount),
    SentTimestamp: "0",
    SenderId: "test",
    ApproximateFirstReceiveTimestamp: "0",
  },
  messageAttributes: {},
  md5OfBody: "",
  eventSource: "aws:sqs",
  eventSourceARN: "arn:aws:sqs:us-east-1:000000000000:test",
  awsRegion: "us-east-1",
});
