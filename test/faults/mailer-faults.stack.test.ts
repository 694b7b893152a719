import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { handler as mailerHandler } from "../../functions/mailer/handler.js";
import { createFileOutboxMailer, readFileOutbox } from "../../shared/mail/file-outbox-mailer.js";
import { createMailService } from "../../shared/mail/mail-service.js";
import { createTestAccount } from "../support/accounts.js";
import { stores } from "../support/orders.js";
import { deliveryEmailJobOf, quietPaidOrder, sqsRecord } from "../support/quiet-orders.js";

// The mailer's outbox in this process is a file of this test's own (the mail runtime reads
// MAIL_OUTBOX_FILE when it first sends), in a folder the test can make impossible to create: a plain
// file standing where the folder should be fails every send (EEXIST, also for root), and removing it
// is the recovery. Three copies of one job at once sending one e-mail is proved in
// test/shared/mail/mail-service.stack.test.ts.
const scratch = mkdtempSync(join(tmpdir(), "mail-faults-"));
const outboxFolder = join(scratch, "outbox");
const outbox = join(outboxFolder, "mail-outbox.jsonl");
process.env.MAIL_OUTBOX_FILE = outbox;

/** Makes the outbox unwritable: a file stands where its folder would be (earlier e-mails go with the folder). */
const breakOutbox = () => {
  rmSync(outboxFolder, { recursive: true, force: true });
  writeFileSync(outboxFolder, "not a folder");
};
/** Makes the outbox writable again: the file in the folder's place goes. */
const repairOutbox = () => {
  if (existsSync(outboxFolder) && statSync(outboxFolder).isFile()) rmSync(outboxFolder);
};

afterEach(() => {
  repairOutbox();
  vi.restoreAllMocks();
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let buyers = 0;
/** A delivered order of a fresh seller, with a buyer address no other test uses. */
const deliveredOrder = async () => {
  const seller = await createTestAccount();
  buyers += 1;
  return quietPaidOrder({
    sellerId: seller.seller_id,
    productId: "01J0000000000000000000FAUX",
    buyerEmail: `mail-fault-${process.pid}-${buyers}-${Date.now()}@example.com`,
    deliveryText: "KEY-FAULT-1",
  });
};

/** The mail service the mailer runs, on the same outbox, with a clock the test moves. */
const mailServiceAt = (clock: { now: Date }) => {
  const { orders, products } = stores();
  return createMailService({
    orders,
    products,
    orderCodes: stores().orderCodes,
    mailer: createFileOutboxMailer(outbox),
    now: () => clock.now,
  });
};

const MINUTE = 60_000;

describe("the mailer failing, then recovering", () => {
  it("a delivery e-mail whose send fails is reported as a batch item failure, so the queue keeps the job; the order is not marked sent", async () => {
    const order = await deliveredOrder();
    const log = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    breakOutbox();
    const result = await mailerHandler({ Records: [sqsRecord("mail-1", deliveryEmailJobOf(order))] });
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: "mail-1" }] });
    expect(log).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(log.mock.calls[0]?.[0]))).toMatchObject({
      level: "WARN",
      message: "mailer: message failed, will be retried",
      message_id: "mail-1",
      error: expect.stringContaining("EEXIST"),
    });
    expect((await stores().orders.get(order.id_order))?.email_sent_at).toBeUndefined();
    repairOutbox();
    expect(await readFileOutbox(outbox, order.buyer_email)).toEqual([]);
  });

  it("once the outbox works again and the failed sender's claim is stale, the e-mail goes out exactly once; later copies of the job send nothing", async () => {
    const order = await deliveredOrder();
    const job = deliveryEmailJobOf(order);
    const start = Date.now();
    const clock = { now: new Date(start) };
    breakOutbox();
    await expect(mailServiceAt(clock).send(job)).rejects.toMatchObject({ code: "EEXIST" });
    repairOutbox();

    clock.now = new Date(start + 6 * MINUTE);
    expect(await mailServiceAt(clock).send(job)).toBe("sent");
    const sent = await readFileOutbox(outbox, order.buyer_email);
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      [order.buyer_email, `Your order ${order.id_order}: your product`],
    ]);
    expect(sent[0]?.text).toContain("KEY-FAULT-1");

    // Well past any claim's five minutes: only the "sent" mark stops a second e-mail now.
    clock.now = new Date(start + 20 * MINUTE);
    expect(await mailServiceAt(clock).send(job)).toBe("already_sent");
    expect(await readFileOutbox(outbox, order.buyer_email)).toHaveLength(1);
  });
});
