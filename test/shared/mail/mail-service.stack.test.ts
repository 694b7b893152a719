import { randomUUID } from "node:crypto";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { keys } from "../../../shared/data/table-keys.js";
import { newId } from "../../../shared/ids/ids.js";
import type { MailMessage } from "../../../shared/mail/mail-message.js";
import { createMailService, EmailInProgressError } from "../../../shared/mail/mail-service.js";
import { systemClock } from "../../../shared/time/clock.js";
import { sellerWithProduct, stores } from "../../support/orders.js";

/** A delivered order written straight to the table, with no outbox event: only this test acts on it. */
const deliveredOrder = async () => {
  const { account, productId } = await sellerWithProduct();
  const id = newId();
  const now = new Date().toISOString();
  await createDocumentClient().send(
    new PutCommand({
      TableName: requireEnv("TABLE_NAME"),
      Item: {
        ...keys.order(id),
        entity: "order",
        id_order: id,
        number: 1,
        seller_id: account.seller_id,
        product_id: productId,
        quantity: 1,
        unit_price: 100,
        amount: 100,
        status: "paid",
        buyer_email: "once@example.com",
        buyer_type: "guest",
        guest_id: "g",
        payment_system: "card",
        created_at: now,
        expires_at: now,
        delivered: true,
        delivery_text: "KEY-ONCE",
        delivery_download: "",
      },
    }),
  );
  return id;
};

describe("buyer delivery e-mail", () => {
  it("is sent once when three copies of the same job arrive at the same time", async () => {
    const orderId = await deliveredOrder();
    const sent: MailMessage[] = [];
    const { orders, products } = stores();
    // The send holds until the two other copies have been answered, so all three overlap however slow
    // the machine is; a second send (the bug this guards against) does not wait, and shows in `sent`.
    let answered = 0;
    let sends = 0;
    let othersAnswered: () => void = () => undefined;
    const bothAnswered = new Promise<void>((resolve) => {
      othersAnswered = resolve;
    });
    const service = createMailService({
      orders,
      products,
      orderCodes: stores().orderCodes,
      mailer: async (message) => {
        if (++sends === 1) await bothAnswered;
        sent.push(message);
      },
      now: systemClock,
    });
    const job = { event_id: randomUUID(), order_id: orderId, template: "delivery" as const };
    const copy = () =>
      service.send(job).finally(() => {
        if (++answered === 2) othersAnswered();
      });
    const results = await Promise.allSettled([copy(), copy(), copy()]);
    // The copies that find it being sent are not acknowledged: the queue brings them back, when it is sent.
    expect(results.filter((r) => r.status === "fulfilled").map((r) => r.value)).toEqual(["sent"]);
    const waiting = results.filter((r) => r.status === "rejected").map((r) => r.reason);
    expect(waiting).toHaveLength(2);
    for (const reason of waiting) expect(reason).toBeInstanceOf(EmailInProgressError);
    expect(sent.map((m) => m.to)).toEqual(["once@example.com"]);
    expect(await service.send(job)).toBe("already_sent");
    expect((await orders.get(orderId))?.email_sent_at).toBeDefined();
  });
});
