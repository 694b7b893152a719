import { afterEach, describe, expect, it } from "vitest";
import { requireEnv } from "../../../shared/config/environment.js";
import { readFileOutbox } from "../../../shared/mail/file-outbox-mailer.js";
import { accountStore, webhookService } from "../../../shared/runtime/dependencies.js";
import { verifyWebhookSignature } from "../../../shared/webhooks/webhook-signature.js";
import { request } from "../../support/http.js";
import { runOps } from "../../support/ops-cli.js";
import { sellerWithProduct, stores } from "../../support/orders.js";
import { jsonHeaders } from "../../support/products.js";
import { eventually, type ReceivedCall, startReceiver } from "../../support/receiver.js";

const receivers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

/** A seller whose product's api_url points at a receiver scripted by `answer`. */
const sellerWithReceiver = async (
  answer: (call: ReceivedCall, index: number) => Promise<number> | number,
  price = 700,
) => {
  const seller = await sellerWithProduct({ price, count: 5 });
  const receiver = await startReceiver(answer);
  receivers.push(receiver);
  const update = await request("POST", `/api/v1/products/update/${seller.productId}`, {
    headers: jsonHeaders(seller.token),
    body: JSON.stringify({ api_url: receiver.url }),
  });
  expect(update.status).toBe(200);
  receiver.namedBy({ product: seller.productId });
  return { ...seller, receiver };
};

const placePaidOrder = async (productId: string, email: string) => {
  const created = await runOps([
    "order",
    "create",
    "--product",
    productId,
    "--quantity",
    "1",
    "--email",
    email,
  ]);
  expect(created.code).toBe(0);
  const { id_order } = JSON.parse(created.stdout) as { id_order: string };
  const paid = await runOps(["order", "pay", id_order, "--payment-system", "card"]);
  expect(JSON.parse(paid.stdout)).toEqual({ id_order, status_order: "paid" });
  return id_order;
};

describe("the payment loop on the local stack", () => {
  it("order, pay, signed webhook to a real receiver, delivery through delivery_url, buyer e-mail, seller credited", async () => {
    let bearer = "";
    let apiKey = "";
    const seller = await sellerWithReceiver(async (call) => {
      // The receiver's rules from the spec: verify the signature (403 if not), then deliver.
      const body = call.body as { id_order: string; signature: string; delivery_url: string };
      if (!verifyWebhookSignature(apiKey, body.id_order, body.signature)) return 403;
      setTimeout(() => {
        void fetch(body.delivery_url, {
          method: "POST",
          headers: jsonHeaders(bearer),
          body: JSON.stringify({ text: "STEAM-KEY-<AAAA>", download: "https://files.example/manual.pdf" }),
        });
      }, 10);
      return 200;
    });
    bearer = seller.token;
    apiKey = seller.account.api_key;
    const email = `loop-${Date.now()}@example.com`;
    const orderId = await placePaidOrder(seller.productId, email);

    const mail = await eventually(
      () => readFileOutbox(requireEnv("MAIL_OUTBOX_FILE"), email),
      (m) => m.length > 0,
    );
    expect(mail).toHaveLength(1);
    const productName = (await stores().products.get(seller.productId))?.name;
    expect(mail[0]?.subject).toBe(`Your order ${orderId}: ${productName}`);
    expect(mail[0]?.text).toContain("STEAM-KEY-<AAAA>");
    expect(mail[0]?.text).toContain("Download: https://files.example/manual.pdf");
    expect(mail[0]?.html).toContain("STEAM-KEY-&lt;AAAA&gt;");
    expect(mail[0]?.html).not.toContain("<AAAA>");

    const [call] = seller.receiver.calls;
    expect(seller.receiver.calls).toHaveLength(1);
    const payload = call?.body as Record<string, string>;
    expect(Object.keys(payload).sort()).toEqual([
      "delivery_url",
      "id_order",
      "id_product",
      "payment_status",
      "signature",
      "token",
    ]);
    expect(payload).toMatchObject({
      id_order: orderId,
      id_product: seller.productId,
      payment_status: "paid",
    });
    expect(payload.delivery_url).toBe(
      `${process.env.PUBLIC_BASE_URL}/api/v1/orders/delivery/${payload.token}`,
    );
    expect(call?.headers["x-webhook-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect((await accountStore().findById(seller.account.seller_id))?.balance).toBe(700);
    const attempts = await webhookService().attempts(orderId);
    expect(attempts.map((a) => [a.attempt, a.outcome, a.http_status])).toEqual([[1, "delivered", 200]]);
  });

  it("retries a receiver that fails twice, with one X-Webhook-Id throughout: three attempts recorded, one delivery", async () => {
    const seller = await sellerWithReceiver((_call, index) => (index < 2 ? 500 : 200));
    const orderId = await placePaidOrder(seller.productId, "retry@example.com");
    const attempts = await eventually(
      () => webhookService().attempts(orderId),
      (a) => a.some((x) => x.outcome === "delivered"),
    );
    expect(attempts.map((a) => [a.attempt, a.outcome, a.http_status])).toEqual([
      [1, "failed", 500],
      [2, "failed", 500],
      [3, "delivered", 200],
    ]);
    expect(new Set(seller.receiver.calls.map((c) => c.headers["x-webhook-id"])).size).toBe(1);
    // Nothing more arrives once it got through.
    await new Promise((r) => setTimeout(r, 2500));
    expect(seller.receiver.calls).toHaveLength(3);
    const listed = await runOps(["webhook", "list", orderId]);
    expect((JSON.parse(listed.stdout) as unknown[]).length).toBe(3);
  });

  it("sends a receiver that always fails to the dead-letter queue after five attempts, and the operator can re-drive it", async () => {
    let healthy = false;
    const seller = await sellerWithReceiver(() => (healthy ? 200 : 503));
    const orderId = await placePaidOrder(seller.productId, "dlq@example.com");
    await eventually(
      () => webhookService().attempts(orderId),
      (a) => a.length >= 5,
    );
    // Give the queue a moment to move the job to the dead-letter queue, then check nothing more comes.
    await new Promise((r) => setTimeout(r, 2500));
    expect((await webhookService().attempts(orderId)).map((a) => a.outcome)).toEqual(Array(5).fill("failed"));
    healthy = true;
    const redrive = await runOps(["webhook", "redrive", orderId]);
    expect(redrive.stderr).toBe("");
    expect(JSON.parse(redrive.stdout)).toEqual({
      id_order: orderId,
      redriven: true,
      removed_from_dead_letter: 1,
    });
    const attempts = await eventually(
      () => webhookService().attempts(orderId),
      (a) => a.some((x) => x.outcome === "delivered"),
    );
    expect(attempts.filter((a) => a.outcome === "delivered")).toHaveLength(1);
    // The worker records the delivered attempt first and marks the order a write later: the re-drive
    // is refused once the mark is there, so wait for it too.
    await eventually(
      async () => (await stores().orders.get(orderId))?.webhook_delivered_at,
      (at) => at !== undefined,
    );
    const again = await runOps(["webhook", "redrive", orderId]);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`Order ${orderId}'s webhook was already delivered\n`);
  });
});
