import { optionalEnv } from "../../shared/config/environment.js";
import { refuse, worded } from "../../shared/errors/refusal.js";
import * as refusals from "../../shared/errors/refusals.js";
import { isId } from "../../shared/ids/ids.js";
import { readFileOutbox } from "../../shared/mail/file-outbox-mailer.js";
import { ORDER_CURRENCY } from "../../shared/payments/payment-callback.js";
import {
  eventRedrive,
  orderService,
  paymentService,
  refundService,
  webhookRedrive,
  webhookService,
} from "../../shared/runtime/dependencies.js";
import { eventAttempts } from "../../shared/runtime/event-attempts.js";
import { orderStore } from "../../shared/runtime/order-store.js";
import type { CommandTable, Runner } from "./command.js";
import { integer, noPositionals, onePositional, parseOptions, required, UsageError } from "./command-line.js";
import { signPaymentCallback } from "./payment-sign.js";

const orderCreate: Runner = async (args) => {
  const { values, positionals } = parseOptions(args, {
    product: { type: "string" },
    quantity: { type: "string" },
    email: { type: "string" },
  });
  noPositionals(positionals);
  return orderService().createGuestOrder({
    product_id: required(values, "product"),
    quantity: integer("--quantity", required(values, "quantity")),
    email: required(values, "email"),
  });
};

/** How many of a seller's latest event attempts `webhook events` prints. */
const EVENT_LIST_SIZE = 100;

const PAYMENT_SYSTEM = /^[a-z0-9_-]{1,40}$/;

const orderPay: Runner = async (args) => {
  const { values, positionals } = parseOptions(args, { "payment-system": { type: "string" } });
  const id = onePositional(positionals, "order id");
  const paymentSystem = values["payment-system"] ?? "manual";
  if (!PAYMENT_SYSTEM.test(paymentSystem)) {
    throw new UsageError("--payment-system must be 1-40 lower-case letters, digits, '-' or '_'");
  }
  return paymentService().confirm({ orderId: id, paymentSystem });
};

const paymentSign: Runner = async (args) => {
  const { values, positionals } = parseOptions(args, {
    order: { type: "string" },
    "payment-id": { type: "string" },
    "payment-system": { type: "string" },
    status: { type: "string" },
    amount: { type: "string" },
    currency: { type: "string" },
  });
  noPositionals(positionals);
  const orderId = required(values, "order");
  const paymentSystem = values["payment-system"] ?? "card";
  if (!PAYMENT_SYSTEM.test(paymentSystem)) {
    throw new UsageError("--payment-system must be 1-40 lower-case letters, digits, '-' or '_'");
  }
  // The provider states what it took: by default the order's own amount, in roubles.
  const amount =
    values.amount === undefined
      ? (isId(orderId) ? await orderStore().get(orderId) : undefined)?.amount
      : integer("--amount", values.amount);
  if (amount === undefined) throw refuse(worded(refusals.orderIdUnsignable, { orderId }));
  return signPaymentCallback({
    order_id: orderId,
    payment_id: values["payment-id"] ?? `local-${orderId}`,
    status: values.status ?? "succeeded",
    payment_system: paymentSystem,
    amount,
    currency: values.currency ?? ORDER_CURRENCY,
  });
};

const paymentRefunds: Runner = async (args) => {
  const { values, positionals } = parseOptions(args, { status: { type: "string" } });
  noPositionals(positionals);
  const status = values.status;
  if (status !== undefined && status !== "due" && status !== "refunded") {
    throw new UsageError(`--status must be due or refunded, got "${status}"`);
  }
  return refundService().list(status);
};

const paymentRefund: Runner = async (args) => {
  const { values, positionals } = parseOptions(args, {
    "payment-id": { type: "string" },
    reference: { type: "string" },
  });
  const orderId = onePositional(positionals, "order id");
  return refundService().refund(orderId, {
    ...(values["payment-id"] === undefined ? {} : { paymentId: values["payment-id"] }),
    ...(values.reference === undefined ? {} : { reference: values.reference }),
  });
};

/** Fails with the service's own message when there is no such order. */
const existingOrder = async (id: string): Promise<string> => {
  if (!(isId(id) && (await orderStore().get(id))))
    throw refuse(worded(refusals.orderIdNotFound, { orderId: id }));
  return id;
};

const webhookList: Runner = async (args) => {
  const { positionals } = parseOptions(args, {});
  // An unknown order has no attempts either: say so rather than print [] as for an order not yet paid.
  return webhookService().attempts(await existingOrder(onePositional(positionals, "order id")));
};

const webhookRedriveCommand: Runner = async (args) => {
  const { positionals } = parseOptions(args, {});
  return webhookRedrive().redrive(onePositional(positionals, "order id"));
};

const eventList: Runner = async (args) => {
  const { positionals } = parseOptions(args, {});
  return eventAttempts().latest(
    integer("seller id", onePositional(positionals, "seller id")),
    EVENT_LIST_SIZE,
  );
};

const eventRedriveCommand: Runner = async (args) => {
  const { values, positionals } = parseOptions(args, { seller: { type: "string" } });
  const eventId = onePositional(positionals, "event id");
  return eventRedrive().redrive(integer("--seller", required(values, "seller")), eventId);
};

const mailList: Runner = async (args) => {
  const { values, positionals } = parseOptions(args, { to: { type: "string" } });
  noPositionals(positionals);
  const outbox = optionalEnv("MAIL_OUTBOX_FILE");
  if (!outbox) throw new UsageError("mail list reads the local stack's outbox; in AWS, SES sends the mail");
  const messages = await readFileOutbox(outbox, values.to);
  return messages.map(({ to, subject, text }) => ({ to, subject, text }));
};

/** A storefront order's way from creation to payment, refund, its seller's webhook and the buyer's mail. */
export const orderCommands: CommandTable = {
  "order create": {
    args: "--product <id> --quantity <n> --email <buyer>",
    summary: "a storefront order: stock reserved, status wait, unpaid for at most 30 minutes",
    run: orderCreate,
  },
  "order pay": {
    args: "<id_order> [--payment-system <name>]",
    summary: "confirm an order's payment as the operator (default manual): paid, the webhook goes out",
    notes: [
      "A canceled order is paid late when its stock can still be taken; otherwise the payment is",
      'recorded for refund and printed as {id_order, status_order, refund_status: "due"}.',
    ],
    run: orderPay,
  },
  "payment sign": {
    args: "--order <id_order> [--payment-id <id>] [--payment-system <name>] [--status <status>] [--amount <n>] [--currency <code>]",
    summary: "a payment provider's signed callback for an order: {url, body, signature, curl}",
    notes: [
      "Signs the body with the payment callback secret (X-Payment-Signature: sha256=<HMAC>), as the",
      "provider would. Defaults: --payment-id local-<id_order>, --payment-system card, --status",
      "succeeded, --amount the order's amount, --currency RUB. Send it with:",
      "npm run -s ops -- payment sign --order <id_order> | jq -r .curl | sh",
    ],
    run: paymentSign,
  },
  "payment refunds": {
    args: "[--status due|refunded]",
    summary: "payments taken that paid nothing (late, already paid, wrong amount), newest first",
    run: paymentRefunds,
  },
  "payment refund": {
    args: "<id_order> [--payment-id <id>] [--reference <text>]",
    summary: "record the refund (made at the provider) of an order's payment due for refund",
    notes: [
      "Refunds the order's one payment due for refund, or the one --payment-id names. --reference keeps",
      "the provider's refund id (or how it was made) on the entry. Each payment is refunded once.",
    ],
    run: paymentRefund,
  },
  "webhook list": {
    args: "<id_order>",
    summary: "every recorded attempt of the order's payment webhook",
    run: webhookList,
  },
  "webhook redrive": {
    args: "<id_order>",
    summary: "queue an undelivered webhook afresh, out of the dead-letter queue",
    run: webhookRedriveCommand,
  },
  "webhook events": {
    args: "<seller_id>",
    summary: "the seller's latest 100 attempts of events it opted into, newest first, with the job each sent",
    run: eventList,
  },
  "webhook redrive-event": {
    args: "<event_id> --seller <seller_id>",
    summary: "queue an undelivered event afresh, out of the dead-letter queue",
    run: eventRedriveCommand,
  },
  "mail list": {
    args: "[--to <email>]",
    summary: "e-mails the local stack sent (its outbox), to one address or all",
    run: mailList,
  },
};
