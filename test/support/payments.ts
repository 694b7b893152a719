import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { queryAll } from "../../shared/data/query-all.js";
import { callbackSignature } from "../../shared/payments/callback-signature.js";
import { createPaymentRepository } from "../../shared/payments/payment-repository.js";
import { createPaymentService } from "../../shared/payments/payment-service.js";
import type { UnappliedPayment } from "../../shared/payments/unapplied-payment.js";
import { createUnappliedPaymentRepository } from "../../shared/payments/unapplied-payment-repository.js";
import { orderService } from "../../shared/runtime/dependencies.js";
import { dataKey } from "../../shared/runtime/service-keys.js";
import { clockAndRandomness, tableClient, tableName } from "../../shared/runtime/table.js";
import { type JsonResponse, request } from "./http.js";
import { orderServiceAt, sellerWithProduct, stores } from "./orders.js";
import { recordedMetrics } from "./recorded-metrics.js";

/** The store of payments that paid nothing, on the stack's table. */
export const unappliedPayments = () => createUnappliedPaymentRepository(tableClient(), tableName());

/**
 * A payment service on the stack's table whose refund-due reports are kept in `reported`, not logged, and
 * whose counts in `counted`; `parts` replaces any of its other parts (e.g. the fee rates it reads).
 */
export const recordingPaymentService = (parts: Partial<Parameters<typeof createPaymentService>[0]> = {}) => {
  const reported: UnappliedPayment[] = [];
  const metrics = recordedMetrics();
  const service = createPaymentService({
    metrics: metrics.sink,
    orders: stores().orders,
    payments: createPaymentRepository(tableClient(), tableName()),
    unapplied: unappliedPayments(),
    keyCodes: stores().keyCodes,
    dataKey,
    ...clockAndRandomness,
    logRefundDue: (payment) => reported.push(payment),
    ...parts,
  });
  return { service, reported, counted: metrics.counted };
};

/** A storefront order of a fresh seller's product whose hold ran out: canceled, its stock returned. */
export const canceledOrder = async (options: { count?: number; quantity?: number; price?: number } = {}) => {
  const seller = await sellerWithProduct({ count: options.count ?? 1, price: options.price ?? 100 });
  const created = await orderServiceAt(-31 * 60_000).createGuestOrder({
    product_id: seller.productId,
    quantity: options.quantity ?? 1,
    email: "late@example.com",
  });
  const order = await stores().orders.get(created.id_order);
  if (!order) throw new Error(`order ${created.id_order} not stored`);
  // The stack's own maintenance may have canceled it first; either way it is canceled afterwards.
  await stores().orders.cancelAndRelease(order, new Date().toISOString());
  const canceled = await stores().orders.getLatest(created.id_order);
  if (canceled?.status !== "canceled") throw new Error(`order ${created.id_order} is ${canceled?.status}`);
  return { ...seller, order: canceled };
};

/** Takes `quantity` of a product's stock with another buyer's waiting order. */
export const takeStock = (productId: string, quantity = 1) =>
  orderService().createGuestOrder({ product_id: productId, quantity, email: "other@example.com" });

/** The provider's callback secret, as the stack verifies it. */
const callbackSecret = () => Buffer.from(process.env.PAYMENT_CALLBACK_SECRET ?? "", "utf8");

/** Sends raw bytes as the provider's callback, signed over exactly those bytes. */
export const sendSignedCallback = (
  body: string | Buffer,
  headers: Record<string, string> = { "Content-Type": "application/json" },
): Promise<JsonResponse> =>
  request("POST", "/api/payments/callback", {
    headers: { ...headers, "X-Payment-Signature": callbackSignature(callbackSecret(), Buffer.from(body)) },
    body: typeof body === "string" ? body : new Uint8Array(body),
  });

/** A provider's `succeeded` callback for an order of `amount` roubles, signed and sent as JSON. */
export const paidCallback = (orderId: string, amount: number, paymentId: string, extra: object = {}) =>
  sendSignedCallback(
    JSON.stringify({
      payment_id: paymentId,
      order_id: orderId,
      status: "succeeded",
      payment_system: "card",
      amount,
      currency: "RUB",
      ...extra,
    }),
  );

/** Every item beside an order whose sort key starts with `skPrefix`, read strongly consistent. */
export const orderItems = (orderId: string, skPrefix: string): Promise<Record<string, unknown>[]> =>
  queryAll(tableClient(), {
    TableName: tableName(),
    KeyConditionExpression: "PK = :pk AND begins_with(SK, :prefix)",
    ExpressionAttributeValues: { ":pk": `ORDER#${orderId}`, ":prefix": skPrefix },
    ConsistentRead: true,
  });

/** Delivery tokens issued for an order (test-only scan). */
export const deliveryTokensOf = async (orderId: string): Promise<Record<string, unknown>[]> => {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await tableClient().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: "entity = :token AND order_id = :order",
        ExpressionAttributeValues: { ":token": "delivery_token", ":order": orderId },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
};
