import { describe, expect, it } from "vitest";
import { requireEnv } from "../../../shared/config/environment.js";
import { readFileOutbox } from "../../../shared/mail/file-outbox-mailer.js";
import { accountStore } from "../../../shared/runtime/dependencies.js";
import { verifyWebhookSignature } from "../../../shared/webhooks/webhook-signature.js";
import { createPublicCategory, PUBLISHING_TIMEOUT, publishProduct, v2Get } from "../../support/catalogue.js";
import { balanceOf, ledgerOf } from "../../support/ledger.js";
import { jsonHeaders } from "../../support/products.js";
import { boughtOrder, fundedReseller, h2hSeller } from "../../support/purchases.js";
import { eventually } from "../../support/receiver.js";

describe("the H2H loop for a reseller's purchase", () => {
  it(
    "/buy → signed webhook to the seller's receiver → delivery → delivery_text in /order → buyer e-mail → seller credited",
    async () => {
      let sellerToken = "";
      let sellerKey = "";
      const delivered: number[] = [];
      const { seller, receiver } = await h2hSeller(async (call) => {
        // The seller's receiver, by the spec's rules: verify the signature (403 if not), then deliver.
        const body = call.body as {
          id_order: string;
          signature: string;
          delivery_url: string;
          payment_status: string;
        };
        if (!verifyWebhookSignature(sellerKey, body.id_order, body.signature)) return 403;
        setTimeout(() => {
          void fetch(body.delivery_url, {
            method: "POST",
            headers: jsonHeaders(sellerToken),
            body: JSON.stringify({ text: "KEY-1111-2222", download: "https://files.example/readme.pdf" }),
          }).then((r) => delivered.push(r.status));
        }, 10);
        return 200;
      });
      sellerToken = seller.v1;
      sellerKey = seller.apiKey;
      try {
        const product = await publishProduct(
          seller,
          await createPublicCategory(),
          { price: 900, count: 4 },
          { sync: false },
        );
        const reseller = await fundedReseller(2000);
        const orderId = await boughtOrder(reseller, product.id, { comment: "please be quick" });

        const call = await eventually(
          async () => receiver.calls.find((c) => c.body.id_order === orderId),
          (c) => c !== undefined,
        );
        expect(call?.body).toMatchObject({
          id_order: orderId,
          id_product: product.id,
          payment_status: "paid",
        });
        expect(verifyWebhookSignature(seller.apiKey, orderId, String(call?.body.signature))).toBe(true);

        const order = await eventually(
          async () =>
            ((await v2Get(reseller.v2, `/api/v2/order/${orderId}`)).body as { data: Record<string, unknown> })
              .data,
          (o) => o.delivered === true,
        );
        expect(order).toMatchObject({
          delivered: true,
          delivery_text: "KEY-1111-2222",
          download: "https://files.example/readme.pdf",
          status: "paid",
          comment: "please be quick",
        });
        expect(order.date_delivery).toEqual(expect.any(String));
        // The order reads delivered once the delivery's write commits, which can be before its answer
        // reaches the receiver's request: wait for that answer too.
        expect(
          await eventually(
            async () => [...delivered],
            (statuses) => statuses.length > 0,
          ),
        ).toEqual([200]);

        const email = (await accountStore().findById(reseller.id))?.email ?? "";
        const mail = await eventually(
          async () =>
            (await readFileOutbox(requireEnv("MAIL_OUTBOX_FILE"), email)).filter((m) =>
              m.text.includes(orderId),
            ),
          (m) => m.length > 0,
        );
        expect(mail[0]?.text).toContain("KEY-1111-2222");

        expect(await balanceOf(seller.id)).toBe(900);
        expect((await ledgerOf(seller.id)).map((e) => [e.kind, e.amount, e.order_id])).toEqual([
          ["sale", 900, orderId],
        ]);
        expect(await balanceOf(reseller.id)).toBe(1100);
      } finally {
        await receiver.close();
      }
    },
    PUBLISHING_TIMEOUT,
  );
});
