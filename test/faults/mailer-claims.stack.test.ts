import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDocumentClient } from "../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../shared/config/environment.js";
import { createFileOutboxMailer, readFileOutbox } from "../../shared/mail/file-outbox-mailer.js";
import { createMailService } from "../../shared/mail/mail-service.js";
import { createOrderRepository } from "../../shared/orders/order-repository.js";
import { createTestAccount } from "../support/accounts.js";
import { injectDynamoDbFaults } from "../support/dynamodb-faults.js";
import { stores } from "../support/orders.js";
import { deliveryEmailJobOf, quietPaidOrder } from "../support/quiet-orders.js";

// Each of these lost the e-mail before claims named their claimant and a failed send gave its claim up.
const scratch = mkdtempSync(join(tmpdir(), "mail-held-"));
const outboxFolder = join(scratch, "outbox");
const outbox = join(outboxFolder, "mail-outbox.jsonl");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const deliveredOrder = async () => {
  const seller = await createTestAccount();
  return quietPaidOrder({
    sellerId: seller.seller_id,
    productId: "01J0000000000000000000FAUX",
    buyerEmail: `mail-held-${process.pid}-${Date.now()}@example.com`,
    deliveryText: "KEY-HELD-1",
  });
};

const MINUTE = 60_000;

describe("an e-mail claim never loses the e-mail", () => {
  it("a send that failed gives its claim up: the job's next copy sends the e-mail at once, without waiting for the claim to go stale", async () => {
    const order = await deliveredOrder();
    const job = deliveryEmailJobOf(order);
    const start = Date.now();
    const clock = { now: new Date(start) };
    const { orders, products } = stores();
    const service = createMailService({
      orders,
      products,
      orderCodes: stores().orderCodes,
      mailer: createFileOutboxMailer(outbox),
      now: () => clock.now,
    });
    writeFileSync(outboxFolder, "not a folder");
    await expect(service.send(job)).rejects.toMatchObject({ code: "EEXIST" });
    rmSync(outboxFolder);
    clock.now = new Date(start + 1000);
    expect(await service.send(job)).toBe("sent");
    expect(await readFileOutbox(outbox, order.buyer_email)).toHaveLength(1);
  });

  it("a claim whose write succeeded but whose answer was lost (HTTP 500, the SDK retries) still sends the e-mail", async () => {
    const order = await deliveredOrder();
    const client = createDocumentClient();
    const faults = injectDynamoDbFaults(client);
    faults.fail({
      operation: "UpdateItem",
      fault: "lost_answer",
      times: 1,
      bodyContains: "email_claimed_at",
    });
    const orders = createOrderRepository(client, requireEnv("TABLE_NAME"));
    const service = createMailService({
      orders,
      products: stores().products,
      orderCodes: stores().orderCodes,
      mailer: createFileOutboxMailer(outbox),
      now: () => new Date(),
    });
    expect(await service.send(deliveryEmailJobOf(order))).toBe("sent");
    expect(await readFileOutbox(outbox, order.buyer_email)).toHaveLength(1);
  });

  it("a worker that died after claiming the e-mail and before sending it: the job coming back (30 s locally, 3 minutes in AWS) sends the e-mail", async () => {
    const order = await deliveredOrder();
    const { orders, products } = stores();
    const at = new Date();
    // What the dead worker left: its claim, and nothing sent.
    expect(
      await orders.claimEmail(
        order.id_order,
        at.toISOString(),
        new Date(at.getTime() - 5 * MINUTE).toISOString(),
        "delivery",
        "dead-worker",
      ),
    ).toBe("claimed");
    const service = createMailService({
      orders,
      products,
      orderCodes: stores().orderCodes,
      mailer: createFileOutboxMailer(outbox),
      now: () => new Date(at.getTime() + 3 * MINUTE),
    });
    expect(await service.send(deliveryEmailJobOf(order))).toBe("sent");
    expect(await readFileOutbox(outbox, order.buyer_email)).toHaveLength(1);
  });
});
