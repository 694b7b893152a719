import { optionalEnv } from "../../shared/config/environment.js";
import { notFound } from "../../shared/errors/domain-error.js";
import { refusals, refuse, worded } from "../../shared/errors/refusals.js";
import { isId } from "../../shared/ids/ids.js";
import { readFileOutbox } from "../../shared/mail/file-outbox-mailer.js";
import { ORDER_CURRENCY } from "../../shared/payments/payment-callback.js";
import {
  accountAccess,
  accountService,
  accountStore,
  catalogueIndexer,
  categoryService,
  commentService,
  orderService,
  paymentService,
  payoutService,
  productService,
  refundService,
  webhookRedrive,
  webhookService,
} from "../../shared/runtime/dependencies.js";
import { orderStore } from "../../shared/runtime/order-store.js";
import {
  integer,
  noPositionals,
  onePositional,
  parseOptions,
  required,
  UsageError,
  zeroOrOne,
} from "./command-line.js";
import { signPaymentCallback } from "./payment-sign.js";
import { seedDemo } from "./seed-demo.js";

type Runner = (args: string[]) => Promise<unknown>;

/** One ops command: how it is called, what it does, and the code that does it. */
export interface Command {
  /** The arguments after the command's words, as its usage line shows them. */
  readonly args: string;
  /** What it does and prints, in one line. */
  readonly summary: string;
  /** Further lines for `<command> --help`. */
  readonly notes?: readonly string[];
  readonly run: Runner;
}

const accountCreate: Runner = async (args) => {
  const { values, positionals } = parseOptions(args, { name: { type: "string" }, email: { type: "string" } });
  noPositionals(positionals);
  return accountService().create({ name: required(values, "name"), email: required(values, "email") });
};

const sellerId = (positionals: string[]): number =>
  integer("seller_id", onePositional(positionals, "seller_id"));

/** An `account <verb> <seller_id>` command of the operator's revocation tools. */
const accountAccessCommand =
  (run: (sellerId: number) => Promise<unknown>): Runner =>
  async (args) => {
    const { positionals } = parseOptions(args, {});
    return run(sellerId(positionals));
  };

/**
 * Blocks or unblocks a seller, then lists or unlists the seller's products in the public catalogue.
 * Running it again repeats both, so a run cut short between the two is finished by the next.
 */
const accountStatus = (block: boolean): Runner =>
  accountAccessCommand(async (id) => {
    const result = block ? await accountAccess().block(id) : await accountAccess().unblock(id);
    await catalogueIndexer().syncSeller(id);
    return result;
  });

const categoryCreate: Runner = async (args) => {
  const { values, positionals } = parseOptions(args, {
    id: { type: "string" },
    name: { type: "string" },
    slug: { type: "string" },
  });
  noPositionals(positionals);
  return categoryService().create({
    id: integer("--id", required(values, "id")),
    name: required(values, "name"),
    slug: required(values, "slug"),
  });
};

const productApprove: Runner = async (args) => {
  const { positionals } = parseOptions(args, {});
  return productService().approve(onePositional(positionals, "product id"));
};

const productReject: Runner = async (args) => {
  const { values, positionals } = parseOptions(args, { reason: { type: "string" } });
  const id = onePositional(positionals, "product id");
  return productService().reject(id, required(values, "reason"));
};

const productSet: Runner = async (args) => {
  const { values, positionals } = parseOptions(args, {
    "gift-available": { type: "string" },
    "comment-status": { type: "string" },
    "comment-regex": { type: "string" },
  });
  const id = onePositional(positionals, "product id");
  const flags = {
    gift_available: zeroOrOne("gift-available", values["gift-available"]),
    comment_status: zeroOrOne("comment-status", values["comment-status"]),
    comment_regex: values["comment-regex"],
  };
  if (Object.values(flags).every((v) => v === undefined)) {
    throw new UsageError("give at least one of --gift-available, --comment-status, --comment-regex");
  }
  return productService().setFlags(id, flags);
};

/** Fails with the service's own message when there is no such seller. */
const existingSeller = async (id: number): Promise<number> => {
  if (!(await accountStore().findById(id))) throw refuse(worded(refusals.sellerIdNotFound, { sellerId: id }));
  return id;
};

const productIndexLists: Runner = async (args) => {
  const { values, positionals } = parseOptions(args, { seller: { type: "string" } });
  noPositionals(positionals);
  if (typeof values.seller === "string")
    return productService().indexLists(await existingSeller(integer("--seller", values.seller)));
  // Every seller, walked by id (no table scan); each seller's products already in the lists are skipped.
  const sellers = await accountStore().highestSellerId();
  let indexed = 0;
  for (let sellerId = 1; sellerId <= sellers; sellerId++)
    indexed += (await productService().indexLists(sellerId)).indexed;
  return { sellers, indexed };
};

const commentAdd: Runner = async (args) => {
  const { values, positionals } = parseOptions(args, {
    product: { type: "string" },
    rating: { type: "string" },
    text: { type: "string" },
  });
  noPositionals(positionals);
  const rating = required(values, "rating");
  if (!/^[1-5]$/.test(rating))
    throw new UsageError(`--rating must be a whole number from 1 to 5, got "${rating}"`);
  return commentService().add({
    product_id: required(values, "product"),
    rating: Number(rating),
    text: required(values, "text"),
  });
};

const catalogueSync: Runner = async (args) => {
  const { values, positionals } = parseOptions(args, { product: { type: "string" } });
  noPositionals(positionals);
  const productId = values.product;
  if (typeof productId === "string")
    return { product_id: productId, ...(await catalogueIndexer().sync(productId)) };
  return catalogueIndexer().syncAll();
};

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

const mailList: Runner = async (args) => {
  const { values, positionals } = parseOptions(args, { to: { type: "string" } });
  noPositionals(positionals);
  const outbox = optionalEnv("MAIL_OUTBOX_FILE");
  if (!outbox) throw new UsageError("mail list reads the local stack's outbox; in AWS, SES sends the mail");
  const messages = await readFileOutbox(outbox, values.to);
  return messages.map(({ to, subject, text }) => ({ to, subject, text }));
};

const balanceCredit: Runner = async (args) => {
  const { positionals } = parseOptions(args, {});
  const [seller, amount, extra] = positionals;
  if (!seller || !amount) throw new UsageError("seller_id and amount are required");
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  return accountService().credit(integer("seller_id", seller), integer("amount", amount));
};

const payoutList: Runner = async (args) => {
  const { values, positionals } = parseOptions(args, { status: { type: "string" } });
  noPositionals(positionals);
  const status = values.status;
  if (status !== undefined && status !== "wait" && status !== "paid" && status !== "rejected") {
    throw new UsageError(`--status must be wait, paid or rejected, got "${status}"`);
  }
  return payoutService().list(status);
};

const payoutDecision =
  (status: "paid" | "rejected"): Runner =>
  async (args) => {
    const { positionals } = parseOptions(args, {});
    return payoutService().decide(onePositional(positionals, "payout id"), status);
  };

const seedDemoCommand: Runner = async (args) => {
  const { positionals } = parseOptions(args, {});
  noPositionals(positionals);
  return seedDemo();
};

/** Every command, by its words, in the order help lists them. */
export const commands: Readonly<Record<string, Command>> = {
  "account create": {
    args: "--name <store> --email <email>",
    summary:
      "create a seller (also a v2 reseller): {seller_id, api_key, totp_secret, otpauth_url}, shown once",
    run: accountCreate,
  },
  "account rotate-key": {
    args: "<seller_id>",
    summary: "a new API key, shown once: the old key stops working and every token is revoked",
    run: accountAccessCommand((id) => accountAccess().rotateKey(id)),
  },
  "account rotate-totp": {
    args: "<seller_id>",
    summary: "a new authenticator secret, shown once: the old one's codes are refused, every token revoked",
    run: accountAccessCommand((id) => accountAccess().rotateTotp(id)),
  },
  "account revoke-tokens": {
    args: "<seller_id>",
    summary: "refuse every token issued so far (the key stays): {seller_id, token_generation}",
    run: accountAccessCommand((id) => accountAccess().revokeTokens(id)),
  },
  "account block": {
    args: "<seller_id>",
    summary: "block a seller: its key, tokens and products stop working (status_moderation 2)",
    run: accountStatus(true),
  },
  "account unblock": {
    args: "<seller_id>",
    summary: "unblock a seller (status_moderation 1); it needs a new token",
    run: accountStatus(false),
  },
  "category create": {
    args: "--id <int> --name <name> --slug <slug>",
    summary: "create a category (an id starting with 700 is refused by v2)",
    run: categoryCreate,
  },
  "seed-demo": {
    args: "",
    summary: "demo categories 101, 102, 103, 7001 and a demo seller and reseller; later runs print the same",
    notes: [
      "Creates only what is missing: the accounts are found again by name and e-mail",
      "(Demo Seller, seller@example.com; Demo Reseller, reseller@example.com) and their",
      "credentials printed as they are now.",
    ],
    run: seedDemoCommand,
  },
  "product approve": {
    args: "<id>",
    summary: "approve a product waiting for moderation",
    run: productApprove,
  },
  "product reject": {
    args: "<id> --reason <text>",
    summary: "reject a product waiting for moderation, with the reason its seller sees",
    run: productReject,
  },
  "product set": {
    args: "<id> [--gift-available 0|1] [--comment-status 0|1] [--comment-regex <re>]",
    summary: "set a product's gift and buyer-comment rules (v2 /gift and /buy)",
    run: productSet,
  },
  "product index-lists": {
    args: "[--seller <id>]",
    summary: "index products made before the filtered v1 lists existed, for one seller or all",
    run: productIndexLists,
  },
  "comment add": {
    args: "--product <id> --rating <1-5> --text <text>",
    summary: "add a comment to a product (comments are moderated by being added by the operator)",
    run: commentAdd,
  },
  "catalogue sync": {
    args: "[--product <id>]",
    summary: "bring the v2 catalogue in step with one product, or with every product (repairs it)",
    run: catalogueSync,
  },
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
  "mail list": {
    args: "[--to <email>]",
    summary: "e-mails the local stack sent (its outbox), to one address or all",
    run: mailList,
  },
  "balance credit": {
    args: "<seller_id> <amount>",
    summary: "add to a seller's balance, with its ledger entry: {seller_id, balance}",
    run: balanceCredit,
  },
  "payout list": {
    args: "[--status wait|paid|rejected]",
    summary: "payout requests, newest first, optionally of one status",
    run: payoutList,
  },
  "payout complete": {
    args: "<id_order>",
    summary: "mark a waiting payout paid",
    run: payoutDecision("paid"),
  },
  "payout reject": {
    args: "<id_order>",
    summary: "reject a waiting payout; its amount returns to the balance",
    run: payoutDecision("rejected"),
  },
};
