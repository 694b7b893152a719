import { describe, expect, it } from "vitest";
import { newId } from "../../../shared/ids/ids.js";
import type { PaymentRefund, UnappliedPayment } from "../../../shared/payments/unapplied-payment.js";
import { refundService } from "../../../shared/runtime/dependencies.js";
import { runOps, usageError } from "../../support/ops-cli.js";
import { sellerWithProduct, stores } from "../../support/orders.js";
import {
  canceledOrder,
  orderItems,
  paidCallback,
  sendSignedCallback,
  takeStock,
  unappliedPayments,
} from "../../support/payments.js";

/** A canceled order whose stock went to another buyer: any payment of it is due for refund. */
const unpayableOrder = async () => {
  const canceled = await canceledOrder({ count: 1 });
  await takeStock(canceled.productId);
  return canceled.order;
};

const ok = async (args: string[]): Promise<unknown> => {
  const result = await runOps(args);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
};

/** The listed payments of these orders only (the stack's other tests record theirs too). */
const listedFor = async (orderIds: string[], args: string[] = []): Promise<UnappliedPayment[]> =>
  ((await ok(["payment", "refunds", ...args])) as UnappliedPayment[]).filter((p) =>
    orderIds.includes(p.order_id),
  );

describe("ops CLI: payments that paid nothing and their refunds (#18 items 1 and 6)", () => {
  it("order pay of a canceled order whose stock is gone prints it due for refund (exit 0) and reports the refund-due line on stderr, without the buyer's e-mail", async () => {
    const order = await unpayableOrder();
    const result = await runOps(["order", "pay", order.id_order, "--payment-system", "card"]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      id_order: order.id_order,
      status_order: "canceled",
      refund_status: "due",
    });
    const logged = JSON.parse(result.stderr) as Record<string, unknown>;
    // Matched, not equal: a handler another test of this worker ran with a Lambda context leaves that
    // context on the one logger of the process (in Lambda a process is one function, so it is right there).
    expect(logged).toMatchObject({
      level: "ERROR",
      message: "Payment taken but not applied: refund due",
      service: "marketplace",
      timestamp: expect.any(String),
      sampling_rate: 0,
      event: "payment_refund_due",
      order_id: order.id_order,
      payment_id: expect.stringMatching(/^manual-/),
      payment_system: "card",
      amount: order.amount,
      currency: "RUB",
      reason: "insufficient_stock",
    });
    expect(result.stderr).not.toContain(order.buyer_email);
  });

  it("payment refunds lists the payments due (newest first) and payment refund records one refund: its entry printed and stored beside the order, the payment moved to refunded, a second run refused", async () => {
    const first = await unpayableOrder();
    const second = await unpayableOrder();
    expect((await paidCallback(first.id_order, first.amount, "ops-refund-1")).status).toBe(200);
    expect((await paidCallback(second.id_order, second.amount, "ops-refund-2")).status).toBe(200);
    const ids = [first.id_order, second.id_order];
    const due = await listedFor(ids, ["--status", "due"]);
    expect(due.map((p) => [p.order_id, p.payment_id, p.reason, p.refund_status])).toEqual([
      [second.id_order, "ops-refund-2", "insufficient_stock", "due"],
      [first.id_order, "ops-refund-1", "insufficient_stock", "due"],
    ]);

    const refund = (await ok([
      "payment",
      "refund",
      first.id_order,
      "--reference",
      "provider refund r-77",
    ])) as PaymentRefund;
    expect(refund).toEqual({
      refund_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      order_id: first.id_order,
      payment_id: "ops-refund-1",
      payment_system: "card",
      amount: first.amount,
      currency: "RUB",
      refunded_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      reference: "provider refund r-77",
    });
    expect(await unappliedPayments().refundOf(first.id_order, "ops-refund-1")).toEqual(refund);
    // Without --status both queues are listed, newest first: the refunded one with its refund.
    expect(
      (await listedFor(ids)).map((p) => [p.order_id, p.refund_status, p.refunded_at, p.refund_id]),
    ).toEqual([
      [second.id_order, "due", undefined, undefined],
      [first.id_order, "refunded", refund.refunded_at, refund.refund_id],
    ]);
    expect((await refundService().list("refunded")).filter((p) => ids.includes(p.order_id))).toHaveLength(1);

    const again = await runOps(["payment", "refund", first.id_order]);
    expect({ code: again.code, stdout: again.stdout, stderr: again.stderr }).toEqual({
      code: 1,
      stdout: "",
      stderr: `Payment ops-refund-1 of order ${first.id_order} is already refunded\n`,
    });
    expect(await orderItems(first.id_order, "REFUND#")).toHaveLength(1);
    // The provider repeating the refunded payment hears it is refunded, and nothing is recorded again.
    const repeat = await paidCallback(first.id_order, first.amount, "ops-refund-1");
    expect((repeat.body as { data: unknown }).data).toEqual({
      order_id: first.id_order,
      applied: false,
      status_order: "canceled",
      refund_status: "refunded",
    });
    expect(await orderItems(first.id_order, "PAYMENT#")).toHaveLength(1);
  });

  it("20 parallel refunds of one payment record exactly one refund entry; the other 19 are refused", async () => {
    const order = await unpayableOrder();
    expect((await paidCallback(order.id_order, order.amount, "parallel-refund")).status).toBe(200);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => refundService().refund(order.id_order)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect((r.reason as Error).message).toBe(
        `Payment parallel-refund of order ${order.id_order} is already refunded`,
      );
    }
    expect(await orderItems(order.id_order, "REFUND#")).toHaveLength(1);
  });

  it("payment refund names the payment when an order has several due, and refuses what there is not to refund", async () => {
    const order = await unpayableOrder();
    for (const id of ["several-a", "several-b"]) {
      expect((await paidCallback(order.id_order, order.amount, id)).status).toBe(200);
    }
    const ambiguous = await runOps(["payment", "refund", order.id_order]);
    expect([ambiguous.code, ambiguous.stderr]).toEqual([
      1,
      `Order ${order.id_order} has 2 payments due for refund; name one with --payment-id: ${(
        await unappliedPayments().ofOrder(order.id_order)
      )
        .map((p) => p.payment_id)
        .join(", ")}\n`,
    ]);
    const named = (await ok([
      "payment",
      "refund",
      order.id_order,
      "--payment-id",
      "several-b",
    ])) as PaymentRefund;
    expect(named.payment_id).toBe("several-b");
    const unknownPayment = await runOps(["payment", "refund", order.id_order, "--payment-id", "nope"]);
    expect([unknownPayment.code, unknownPayment.stderr]).toEqual([
      1,
      `Order ${order.id_order} has no unapplied payment nope\n`,
    ]);
    const nothing = newId();
    const none = await runOps(["payment", "refund", nothing]);
    expect([none.code, none.stderr]).toEqual([1, `Order ${nothing} has no payment to refund\n`]);
  });

  it("payment refunds and payment refund refuse bad arguments with exit 2 and their usage", async () => {
    const badStatus = await runOps(["payment", "refunds", "--status", "late"]);
    expect([badStatus.code, badStatus.stderr]).toEqual([
      2,
      usageError('--status must be due or refunded, got "late"', "payment refunds [--status due|refunded]"),
    ]);
    const noOrder = await runOps(["payment", "refund"]);
    expect([noOrder.code, noOrder.stderr]).toEqual([
      2,
      usageError(
        "order id is required",
        "payment refund <id_order> [--payment-id <id>] [--reference <text>]",
      ),
    ]);
  });

  it("payment sign puts the order's amount and RUB in the signed body; --amount and --currency sign a mismatch, which the stack refuses with 409 amount_mismatch and records", async () => {
    const { productId } = await sellerWithProduct({ price: 700 });
    const { orderService } = await import("../../../shared/runtime/dependencies.js");
    const order = await orderService().createGuestOrder({
      product_id: productId,
      quantity: 2,
      email: "b@example.com",
    });
    const signed = (await ok(["payment", "sign", "--order", order.id_order])) as { body: string };
    expect(JSON.parse(signed.body)).toMatchObject({ amount: 1400, currency: "RUB" });
    const mismatch = (await ok([
      "payment",
      "sign",
      "--order",
      order.id_order,
      "--payment-id",
      "short",
      "--amount",
      "1",
      "--currency",
      "USD",
    ])) as { body: string };
    expect(JSON.parse(mismatch.body)).toMatchObject({ payment_id: "short", amount: 1, currency: "USD" });
    const answer = await sendSignedCallback(mismatch.body);
    expect([answer.status, (answer.body as { code: string }).code]).toEqual([409, "amount_mismatch"]);
    expect((await stores().orders.get(order.id_order))?.status).toBe("wait");
    expect(
      (await unappliedPayments().ofOrder(order.id_order)).map((p) => [p.payment_id, p.amount, p.reason]),
    ).toEqual([["short", 1, "amount_mismatch"]]);
    const unknown = newId();
    const missing = await runOps(["payment", "sign", "--order", unknown]);
    expect([missing.code, missing.stderr]).toEqual([
      1,
      `Order ${unknown} not found; give --amount to sign for it anyway\n`,
    ]);
  });
});
