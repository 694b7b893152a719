import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SQSClient,
} from "@aws-sdk/client-sqs";
import type { SQSRecord } from "aws-lambda";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { handler as mailerHandler } from "../../functions/mailer/handler.js";
import { handler as webhookHandler } from "../../functions/webhooks/handler.js";
import { localQueueUrl } from "../../infra/local/provision.js";
import { createFileOutboxMailer, readFileOutbox } from "../../shared/mail/file-outbox-mailer.js";
import {
  createMailService,
  EMAIL_CLAIM_STALE_MS,
  EmailInProgressError,
} from "../../shared/mail/mail-service.js";
import { webhookService } from "../../shared/runtime/dependencies.js";
import { createTestAccount } from "../support/accounts.js";
import { WAIT_GUARD_MS } from "../support/hang-guard.js";
import { request } from "../support/http.js";
import { sellerWithProduct, stores } from "../support/orders.js";
import { jsonHeaders } from "../support/products.js";
import {
  deliverQuietOrder,
  deliveryEmailJobOf,
  quietPaidOrder,
  sqsRecord,
  webhookJobOf,
} from "../support/quiet-orders.js";
import { startReceiver } from "../support/receiver.js";

// A worker (Lambda) that dies mid-batch returns nothing, so SQS hands the whole batch out again; one
// that reports failures gets back only those records. The workers are called here in-process with
// the batches SQS would hand them; their orders have no outbox event, so the stack's own workers never
// send for them. How the consumer reports failures on its own is in
// test/infra/local/queue-poller.stack.test.ts; this file is about the real workers' side effects.

// This process's mailer writes to an outbox of its own (read when it first sends).
const scratch = mkdtempSync(join(tmpdir(), "worker-crash-"));
const outbox = join(scratch, "mail-outbox.jsonl");
process.env.MAIL_OUTBOX_FILE = outbox;

const sqs = new SQSClient({});
const webhookQueue = process.env.WEBHOOK_QUEUE_URL;
afterEach(() => {
  process.env.WEBHOOK_QUEUE_URL = webhookQueue;
  vi.restoreAllMocks();
});
afterAll(() => {
  sqs.destroy();
  rmSync(scratch, { recursive: true, force: true });
});

/** The "message failed" warnings a worker logged (first receives: they are retried), as [message id, error]. */
const failureLog = () => {
  const log = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  return () =>
    log.mock.calls.map((c) => {
      const line = JSON.parse(String(c[0])) as { message_id: string; error: string };
      return [line.message_id, line.error];
    });
};

const failed = (...ids: string[]) => ({
  batchItemFailures: ids.map((itemIdentifier) => ({ itemIdentifier })),
});

let buyers = 0;
const buyerEmail = () => {
  buyers += 1;
  return `crash-${process.pid}-${buyers}-${Date.now()}@example.com`;
};

describe("the mailer crashing mid-batch", () => {
  it("after a crash the whole batch comes back: the e-mail sent before the crash is not sent again, only the record that fails is reported, and each buyer gets exactly one e-mail", async () => {
    const seller = await createTestAccount();
    const order = (deliveryText?: string) =>
      quietPaidOrder({
        sellerId: seller.seller_id,
        productId: "01J0000000000000000000FAUX",
        buyerEmail: buyerEmail(),
        ...(deliveryText === undefined ? {} : { deliveryText }),
      });
    const [a, b, c] = [await order("KEY-A"), await order(), await order("KEY-C")];
    const batch = [a, b, c].map((o, i) => sqsRecord(`mail-${i}`, deliveryEmailJobOf(o)));
    const [recordA, recordB] = batch;
    if (!recordA || !recordB) throw new Error("batch not built");
    const mailsTo = async () =>
      Promise.all([a, b, c].map(async (o) => (await readFileOutbox(outbox, o.buyer_email)).length));
    const logged = failureLog();

    // The worker sent A's e-mail, then died: no answer, so all three come back.
    await mailerHandler({ Records: [recordA] });
    expect(await mailsTo()).toEqual([1, 0, 0]);

    // B's order is not delivered yet: only B is reported, A is not sent twice, C is sent.
    expect(await mailerHandler({ Records: batch })).toEqual(failed("mail-1"));
    expect(await mailsTo()).toEqual([1, 0, 1]);
    expect(logged()).toEqual([["mail-1", `Order ${b.id_order} is not delivered`]]);

    // B is delivered; its record alone comes back and goes out; a stray copy of the whole batch sends nothing.
    await deliverQuietOrder(b.id_order, "KEY-B");
    expect(await mailerHandler({ Records: [recordB] })).toEqual(failed());
    expect(await mailerHandler({ Records: batch })).toEqual(failed());
    expect(await mailsTo()).toEqual([1, 1, 1]);
    const texts = await Promise.all(
      [a, b, c].map(async (o) => (await readFileOutbox(outbox, o.buyer_email))[0]?.text),
    );
    expect(texts.map((t) => t?.match(/KEY-[ABC]/)?.[0])).toEqual(["KEY-A", "KEY-B", "KEY-C"]);
  });

  it("a worker that dies after the e-mail left but before it was marked sent: copies of the job wait while its claim is fresh, then it goes out once more (at least once, never lost)", async () => {
    const seller = await createTestAccount();
    const order = await quietPaidOrder({
      sellerId: seller.seller_id,
      productId: "01J0000000000000000000FAUX",
      buyerEmail: buyerEmail(),
      deliveryText: "KEY-ONCE",
    });
    const { orders, products } = stores();
    const fileMailer = createFileOutboxMailer(outbox);
    const started = Date.now();
    const serviceAt = (offsetMs: number) =>
      createMailService({
        orders,
        products,
        orderCodes: stores().orderCodes,
        mailer: fileMailer,
        now: () => new Date(started + offsetMs),
      });
    const job = deliveryEmailJobOf(order);
    // What the dead worker did: claimed, sent, and died before recording it (no release, no mark).
    expect(
      await orders.claimEmail(
        order.id_order,
        new Date(started).toISOString(),
        new Date(started - EMAIL_CLAIM_STALE_MS).toISOString(),
        "delivery",
        "dead-worker",
      ),
    ).toBe("claimed");
    await fileMailer({
      to: order.buyer_email,
      subject: "sent by the dead worker",
      text: "KEY-ONCE",
      html: "",
    });
    // The job comes back 30 s later (the local visibility timeout): the claim is fresh, so it waits.
    await expect(serviceAt(30_000).send(job)).rejects.toBeInstanceOf(EmailInProgressError);
    expect(await readFileOutbox(outbox, order.buyer_email)).toHaveLength(1);
    // Once the claim is stale the dead worker is known gone; the copy sends, and only once.
    expect(await serviceAt(EMAIL_CLAIM_STALE_MS + 1000).send(job)).toBe("sent");
    expect(await serviceAt(EMAIL_CLAIM_STALE_MS + 2000).send(job)).toBe("already_sent");
    expect(await readFileOutbox(outbox, order.buyer_email)).toHaveLength(2);
  });
});

/** A fresh queue for one test's webhook jobs, so failed records are postponed on a real queue. */
const jobQueue = async () => {
  const name = `crash-webhooks-${randomUUID().slice(0, 8)}`;
  await sqs.send(new CreateQueueCommand({ QueueName: name, Attributes: { VisibilityTimeout: "30" } }));
  return localQueueUrl(process.env.AWS_ENDPOINT_URL_SQS ?? "", name);
};

/** Receives `count` messages (waiting as long as a loaded machine needs), hidden for `visibility` seconds, as Lambda's records. */
const receive = async (queueUrl: string, count: number, visibility: number): Promise<SQSRecord[]> => {
  const records: SQSRecord[] = [];
  const deadline = Date.now() + WAIT_GUARD_MS;
  while (records.length < count && Date.now() < deadline) {
    const received = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 1,
        VisibilityTimeout: visibility,
        MessageSystemAttributeNames: ["All"],
      }),
    );
    for (const m of received.Messages ?? []) {
      const job = JSON.parse(m.Body ?? "{}") as unknown;
      const receiveCount = Number(m.Attributes?.ApproximateReceiveCount ?? "1");
      records.push(sqsRecord(m.MessageId ?? "", job, receiveCount, m.ReceiptHandle ?? ""));
    }
  }
  if (records.length !== count) throw new Error(`received ${records.length} of ${count} messages`);
  return records;
};

/** Deletes records from the queue, as Lambda's SQS integration does with those not reported failed. */
const deleteRecords = async (queueUrl: string, records: SQSRecord[]) => {
  await sqs.send(
    new DeleteMessageBatchCommand({
      QueueUrl: queueUrl,
      Entries: records.map((r, i) => ({ Id: String(i), ReceiptHandle: r.receiptHandle })),
    }),
  );
};

describe("the webhook sender crashing mid-batch", () => {
  it("after a crash the whole batch comes back: the seller called before the crash is not called again, only the failing record returns, and each order gets exactly one successful webhook", async () => {
    let bFailures = 1;
    let orderB = "";
    const receiver = await startReceiver((call) => {
      if (call.body.id_order === orderB && bFailures > 0) {
        bFailures -= 1;
        return 500;
      }
      return 200;
    });
    try {
      const seller = await sellerWithProduct();
      const update = await request("POST", `/api/v1/products/update/${seller.productId}`, {
        headers: jsonHeaders(seller.token),
        body: JSON.stringify({ api_url: receiver.url }),
      });
      expect(update.status).toBe(200);
      receiver.namedBy({ product: seller.productId });
      const orders = await Promise.all(
        [1, 2, 3].map(() =>
          quietPaidOrder({
            sellerId: seller.account.seller_id,
            productId: seller.productId,
            buyerEmail: buyerEmail(),
          }),
        ),
      );
      const ids = orders.map((o) => o.id_order);
      orderB = ids[1] ?? "";
      const queueUrl = await jobQueue();
      process.env.WEBHOOK_QUEUE_URL = queueUrl;
      await sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: await Promise.all(
            orders.map(async (o, i) => ({
              Id: String(i),
              MessageBody: JSON.stringify(await webhookJobOf(o)),
            })),
          ),
        }),
      );
      const byOrder = (records: SQSRecord[]) =>
        ids.map((id) => {
          const record = records.find((r) => r.body.includes(id));
          if (!record) throw new Error(`no record for ${id}`);
          return record;
        });
      const callsPerOrder = () =>
        ids.map((id) => receiver.calls.filter((c) => c.body.id_order === id).length);
      const attempts = async () =>
        Promise.all(
          ids.map(async (id) =>
            (await webhookService().attempts(id)).map((a) => [a.attempt, a.outcome, a.http_status]),
          ),
        );
      const logged = failureLog();

      // The worker got A through, then died: no answer, so after the visibility timeout all three come back.
      const first = byOrder(await receive(queueUrl, 3, 1));
      await webhookHandler({ Records: first.slice(0, 1) });
      expect(callsPerOrder()).toEqual([1, 0, 0]);

      const again = byOrder(await receive(queueUrl, 3, 30));
      expect(again.map((r) => r.attributes.ApproximateReceiveCount)).toEqual(["2", "2", "2"]);
      const [, recordB] = again;
      if (!recordB) throw new Error("no record for B");
      expect(await webhookHandler({ Records: again })).toEqual(failed(recordB.messageId));
      expect(callsPerOrder()).toEqual([1, 1, 1]);
      expect(logged()).toEqual([[recordB.messageId, "HTTP 500"]]);
      // Lambda deletes the records not reported; B waits out the schedule's delay (1 s) and comes back alone.
      await deleteRecords(
        queueUrl,
        again.filter((r) => r !== recordB),
      );
      const [retryB] = await receive(queueUrl, 1, 30);
      expect(retryB?.body).toBe(recordB.body);
      expect(retryB?.attributes.ApproximateReceiveCount).toBe("3");
      expect(await webhookHandler({ Records: retryB ? [retryB] : [] })).toEqual(failed());
      if (retryB) await deleteRecords(queueUrl, [retryB]);

      // A stray copy of the whole batch (queues deliver at least once) calls no seller again.
      expect(await webhookHandler({ Records: again })).toEqual(failed());
      expect(callsPerOrder()).toEqual([1, 2, 1]);
      expect(await attempts()).toEqual([
        [[1, "delivered", 200]],
        [
          [2, "failed", 500],
          [3, "delivered", 200],
        ],
        [[2, "delivered", 200]],
      ]);
    } finally {
      await receiver.close();
    }
  });
});
