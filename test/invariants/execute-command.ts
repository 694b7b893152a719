import { generate } from "otplib";
import { DomainError } from "../../shared/errors/domain-error.js";
import { worded } from "../../shared/errors/refusal.js";
import * as refusals from "../../shared/errors/refusals.js";
import { createOutboxRepository } from "../../shared/outbox/outbox-repository.js";
import { callbackSignature } from "../../shared/payments/callback-signature.js";
import {
  accountService,
  orderService,
  paymentService,
  payoutService,
} from "../../shared/runtime/dependencies.js";
import { dataKey } from "../../shared/runtime/service-keys.js";
import { tableClient, tableName } from "../../shared/runtime/table.js";
import { open } from "../../shared/secrets/sealed-box.js";
import { type JsonResponse, request } from "../support/http.js";
import { freshCodes, uploadCodes } from "../support/key-stock.js";
import { orderServiceAt, stores } from "../support/orders.js";
import { jsonHeaders } from "../support/products.js";
import { v2Post } from "../support/purchases.js";
import type { MarketCommand } from "./market-commands.js";
import type { MarketWorld } from "./market-world.js";

/** What a command did: made something, was refused by a rule, or had nothing to act on. */
export type CommandOutcome =
  | {
      readonly kind: "done";
      readonly order?: string;
      readonly payout?: string;
      readonly credit?: Credit;
      /** Codes an upload added to the key product. */
      readonly uploaded?: number;
      /** Codes a withdrawal answered as withdrawn (deleted). */
      readonly withdrawn?: number;
    }
  | { readonly kind: "refused"; readonly reason: string }
  | { readonly kind: "skipped"; readonly reason: string };

/** An operator credit that went through. */
export interface Credit {
  readonly accountId: number;
  readonly amount: number;
}

/** A card number with a valid checksum, for payouts. */
const CARD = "4111111111111111";
const STEP_SECONDS = 30;
/** How far back a "born expired" order's clock is: past the 30-minute hold. */
const EXPIRED_OFFSET_MS = -31 * 60_000;

/** A refusal the command may meet in a correct market; any other answer (a 5xx above all) fails the run. */
const refusedUnless = (response: JsonResponse, allowed: readonly string[]): CommandOutcome => {
  const message = (response.body as { message?: string } | undefined)?.message ?? response.text;
  const reason = `${response.status} ${message}`;
  if (allowed.includes(reason)) return { kind: "refused", reason };
  throw new Error(`unexpected answer ${reason}: ${response.text}`);
};

/** A DomainError the rules allow here becomes a refusal; anything else is a failure of the run. */
const refusal = (error: unknown, allowed: (message: string) => boolean): CommandOutcome => {
  if (error instanceof DomainError && allowed(error.message))
    return { kind: "refused", reason: error.message };
  throw error;
};

/**
 * The delivery token of a paid order, opened from its webhook's outbox event as the webhook sender does,
 * with the product the order is of.
 */
const deliveryTokenOf = async (
  orderId: string,
): Promise<{ token: string; productId: string } | undefined> => {
  const order = await stores().orders.get(orderId);
  if (!order?.webhook_event_id) return undefined;
  const event = await createOutboxRepository(tableClient(), tableName()).get(order.webhook_event_id);
  if (event?.type !== "payment_confirmed") return undefined;
  return { token: open(await dataKey(), event.token_sealed), productId: order.product_id };
};

/** What the withdrawal route answers (its `data`). */
interface WithdrawAnswer {
  readonly withdrawn: number;
  readonly refused: readonly { readonly id: string; readonly reason: string }[];
}

/** Why a withdrawal may skip a code in a correct market: a sale or another withdrawal got it first. */
const CODE_TAKEN = [
  ...(["reserved", "delivered"] as const).map(
    (state) => worded(refusals.codeNotAvailable, { state }).message,
  ),
  refusals.codeNotOnProduct.message,
];

/** The ids of the key product's available codes, as its seller's page lists them (newest upload first). */
const availableCodeIds = async (world: MarketWorld, productId: string): Promise<string[]> => {
  const response = await request("GET", `/api/v1/products/keys/${productId}?state=available&limit=100`, {
    headers: { Authorization: `Bearer ${world.seller.v1}` },
  });
  if (response.status !== 200) throw new Error(`unexpected answer ${response.status}: ${response.text}`);
  return (response.body as { data: { codes: { id: string }[] } }).data.codes.map((code) => code.id);
};

/** The run's key product (P3). */
const keyProductOf = (world: MarketWorld) => {
  const product = world.products.find((p) => p.keyStock);
  if (!product) throw new Error("the world has no key product");
  return product;
};

const pick = (pool: readonly string[], reference: number): string | undefined =>
  pool.length === 0 ? undefined : pool[reference % pool.length];

/**
 * Runs one command against the stack, through the route or service a real client or operator uses;
 * `known` are the orders and payouts of earlier batches, `serial` makes its e-mail and key text unique.
 */
export const executeCommand = async (
  world: MarketWorld,
  command: MarketCommand,
  known: { readonly orders: readonly string[]; readonly payouts: readonly string[] },
  serial: number,
): Promise<CommandOutcome> => {
  switch (command.type) {
    case "order": {
      const product = world.products[command.product];
      const service = command.expired ? orderServiceAt(EXPIRED_OFFSET_MS) : orderService();
      try {
        const order = await service.createGuestOrder({
          product_id: product.id,
          quantity: command.quantity,
          email: `invariants-${serial}@example.com`,
        });
        return { kind: "done", order: order.id_order };
      } catch (error) {
        return refusal(error, (m) => m === "Insufficient stock");
      }
    }
    case "pay": {
      const orderId = pick(known.orders, command.order);
      if (!orderId) return { kind: "skipped", reason: "no order yet" };
      // A canceled order is paid late when its stock can be taken again; otherwise the payment is
      // recorded beside it for refund, which moves neither stock nor money.
      const recordedForRefund: CommandOutcome = { kind: "refused", reason: "recorded for refund" };
      if (command.via === "operator") {
        const answer = await paymentService().confirm({ orderId, paymentSystem: "manual" });
        return "refund_status" in answer ? recordedForRefund : { kind: "done" };
      }
      const order = await stores().orders.get(orderId);
      const body = JSON.stringify({
        payment_id: `pay-${command.paymentId}`,
        order_id: orderId,
        status: "succeeded",
        payment_system: "card",
        amount: order?.amount,
        currency: "RUB",
      });
      const secret = Buffer.from(process.env.PAYMENT_CALLBACK_SECRET ?? "", "utf8");
      const response = await request("POST", "/api/payments/callback", {
        headers: {
          "Content-Type": "application/json",
          "X-Payment-Signature": callbackSignature(secret, Buffer.from(body)),
        },
        body,
      });
      if (response.status === 200) {
        return (response.body as { data?: { applied?: boolean } }).data?.applied === true
          ? { kind: "done" }
          : recordedForRefund;
      }
      return refusedUnless(response, [`409 Order ${orderId} is already paid by another payment`]);
    }
    case "expire":
      await orderService().expireUnpaid();
      return { kind: "done" };
    case "deliver": {
      const orderId = pick(known.orders, command.order);
      if (!orderId) return { kind: "skipped", reason: "no order yet" };
      const paid = await deliveryTokenOf(orderId);
      if (!paid) return { kind: "skipped", reason: "order not paid: no token" };
      const response = await request("POST", `/api/v1/orders/delivery/${paid.token}`, {
        headers: jsonHeaders(world.seller.v1),
        body: JSON.stringify({ text: `KEY-${serial}` }),
      });
      // A key order was delivered with its codes when it was paid: the seller's text never replaces them.
      if (response.status === 200) {
        if (world.products.some((p) => p.keyStock && p.id === paid.productId))
          throw new Error(`key order ${orderId} was delivered again, with the seller's text`);
        return { kind: "done" };
      }
      return refusedUnless(response, ["409 Order already delivered"]);
    }
    case "payout": {
      const cod = await generate({
        secret: world.seller.totpSecret,
        epoch: Math.floor(Date.now() / 1000) + command.step * STEP_SECONDS,
      });
      const response = await request("POST", "/api/v1/payout", {
        headers: jsonHeaders(world.seller.v1),
        body: JSON.stringify({ amount: command.amount, payment_system: "card", wallet: CARD, cod }),
      });
      const id = (response.body as { data?: { id_order?: string } } | undefined)?.data?.id_order;
      if (response.status === 200 && id) return { kind: "done", payout: id };
      // A code of a step already used (this one or a later one) is refused as a replay.
      return refusedUnless(response, ["409 Insufficient balance", "400 Invalid OTP code"]);
    }
    case "decide": {
      const payoutId = pick(known.payouts, command.payout);
      if (!payoutId) return { kind: "skipped", reason: "no payout yet" };
      try {
        await payoutService().decide(payoutId, command.status);
        return { kind: "done" };
      } catch (error) {
        return refusal(error, (m) => m === `Payout ${payoutId} is not waiting`);
      }
    }
    case "credit": {
      const accountId = command.account === "seller" ? world.seller.id : world.resellers[command.account].id;
      await accountService().credit(accountId, command.amount);
      return { kind: "done", credit: { accountId, amount: command.amount } };
    }
    case "buy":
    case "gift": {
      const buyer = world.resellers[command.reseller];
      const product = world.products[command.product];
      const response = await v2Post(buyer.v2, `/api/v2/${command.type}`, {
        product_id: product.id,
        quantity: command.type === "buy" ? command.quantity : 1,
      });
      const id = (response.body as { data?: { order_id?: string } } | undefined)?.data?.order_id;
      if (response.status === 201 && id) return { kind: "done", order: id };
      return refusedUnless(response, [
        "409 Insufficient stock",
        "409 Insufficient balance",
        ...(command.type === "gift" ? ["409 This product cannot be bought as a gift"] : []),
      ]);
    }
    case "upload": {
      // uploadCodes fails the command unless every code is added: fresh codes have no reason to be refused.
      await uploadCodes(world.seller.v1, keyProductOf(world).id, freshCodes(world.seller.id, command.codes));
      return { kind: "done", uploaded: command.codes };
    }
    case "withdraw": {
      const product = keyProductOf(world);
      let body: { all: true } | { ids: string[] } = { all: true };
      if (command.which !== "all") {
        const id = pick(await availableCodeIds(world, product.id), command.which);
        if (!id) return { kind: "skipped", reason: "no available code" };
        body = { ids: [id] };
      }
      const response = await request("POST", `/api/v1/products/keys/withdraw/${product.id}`, {
        headers: jsonHeaders(world.seller.v1),
        body: JSON.stringify(body),
      });
      if (response.status !== 200) return refusedUnless(response, []);
      const answer = (response.body as { data: WithdrawAnswer }).data;
      const unexpected = answer.refused.filter((r) => !CODE_TAKEN.includes(r.reason));
      if (unexpected.length > 0) throw new Error(`unexpected refusal of a withdrawal: ${response.text}`);
      // One code named and taken by a sale meanwhile: nothing was withdrawn, for a reason of the market's.
      if (answer.withdrawn === 0 && answer.refused[0] && command.which !== "all")
        return { kind: "refused", reason: answer.refused[0].reason };
      return { kind: "done", withdrawn: answer.withdrawn };
    }
  }
};
