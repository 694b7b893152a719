import { parseArgs } from "node:util";
import type { Category } from "../../shared/categories/category.js";
import { optionalEnv } from "../../shared/config/environment.js";
import { DomainError } from "../../shared/errors/domain-error.js";
import { readFileOutbox } from "../../shared/mail/file-outbox-mailer.js";
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
  webhookRedrive,
  webhookService,
} from "../../shared/runtime/dependencies.js";

/** A bad command line: printed as one line, exit code 2. */
export class UsageError extends Error {}

type Runner = (args: string[]) => Promise<unknown>;

const options = <T extends Record<string, { type: "string" | "boolean" }>>(args: string[], spec: T) => {
  try {
    return parseArgs({ args, options: spec, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
};

const required = (values: Record<string, unknown>, name: string): string => {
  const value = values[name];
  if (typeof value !== "string" || value === "") throw new UsageError(`--${name} is required`);
  return value;
};

const integer = (name: string, raw: string): number => {
  if (!/^\d+$/.test(raw)) throw new UsageError(`--${name} must be a positive integer, got "${raw}"`);
  return Number(raw);
};

const noPositionals = (positionals: string[]) => {
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
};

const accountCreate: Runner = async (args) => {
  const { values, positionals } = options(args, { name: { type: "string" }, email: { type: "string" } });
  noPositionals(positionals);
  return accountService().create({ name: required(values, "name"), email: required(values, "email") });
};

const sellerId = (positionals: string[]): number =>
  integer("seller_id", onePositional(positionals, "seller id"));

/** An `account <verb> <seller_id>` command of the operator's revocation tools. */
const accountAccessCommand =
  (run: (sellerId: number) => Promise<unknown>): Runner =>
  async (args) => {
    const { positionals } = options(args, {});
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
  const { values, positionals } = options(args, {
    id: { type: "string" },
    name: { type: "string" },
    slug: { type: "string" },
  });
  noPositionals(positionals);
  return categoryService().create({
    id: integer("id", required(values, "id")),
    name: required(values, "name"),
    slug: required(values, "slug"),
  });
};

const onePositional = (positionals: string[], what: string): string => {
  const [value, extra] = positionals;
  if (!value) throw new UsageError(`${what} is required`);
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  return value;
};

const flag = (name: string, raw: unknown): 0 | 1 | undefined => {
  if (raw === undefined) return undefined;
  if (raw === "0" || raw === "1") return Number(raw) as 0 | 1;
  throw new UsageError(`--${name} must be 0 or 1, got "${String(raw)}"`);
};

const productApprove: Runner = async (args) => {
  const { positionals } = options(args, {});
  return productService().approve(onePositional(positionals, "product id"));
};

const productReject: Runner = async (args) => {
  const { values, positionals } = options(args, { reason: { type: "string" } });
  const id = onePositional(positionals, "product id");
  return productService().reject(id, required(values, "reason"));
};

const productSet: Runner = async (args) => {
  const { values, positionals } = options(args, {
    "gift-available": { type: "string" },
    "comment-status": { type: "string" },
    "comment-regex": { type: "string" },
  });
  const id = onePositional(positionals, "product id");
  const flags = {
    gift_available: flag("gift-available", values["gift-available"]),
    comment_status: flag("comment-status", values["comment-status"]),
    comment_regex: values["comment-regex"],
  };
  if (Object.values(flags).every((v) => v === undefined)) {
    throw new UsageError("give at least one of --gift-available, --comment-status, --comment-regex");
  }
  return productService().setFlags(id, flags);
};

const productIndexLists: Runner = async (args) => {
  const { values, positionals } = options(args, { seller: { type: "string" } });
  noPositionals(positionals);
  if (typeof values.seller === "string") return productService().indexLists(integer("seller", values.seller));
  // Every seller, walked by id (no table scan); each seller's products already in the lists are skipped.
  const sellers = await accountStore().highestSellerId();
  let indexed = 0;
  for (let sellerId = 1; sellerId <= sellers; sellerId++)
    indexed += (await productService().indexLists(sellerId)).indexed;
  return { sellers, indexed };
};

const commentAdd: Runner = async (args) => {
  const { values, positionals } = options(args, {
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
  const { values, positionals } = options(args, { product: { type: "string" } });
  noPositionals(positionals);
  const productId = values.product;
  if (typeof productId === "string")
    return { product_id: productId, ...(await catalogueIndexer().sync(productId)) };
  return catalogueIndexer().syncAll();
};

const orderCreate: Runner = async (args) => {
  const { values, positionals } = options(args, {
    product: { type: "string" },
    quantity: { type: "string" },
    email: { type: "string" },
  });
  noPositionals(positionals);
  return orderService().createGuestOrder({
    product_id: required(values, "product"),
    quantity: integer("quantity", required(values, "quantity")),
    email: required(values, "email"),
  });
};

const orderPay: Runner = async (args) => {
  const { values, positionals } = options(args, { "payment-system": { type: "string" } });
  const id = onePositional(positionals, "order id");
  const paymentSystem = values["payment-system"] ?? "manual";
  if (!/^[a-z0-9_-]{1,40}$/.test(paymentSystem)) {
    throw new UsageError("--payment-system must be 1-40 lower-case letters, digits, '-' or '_'");
  }
  return paymentService().confirm({ orderId: id, paymentSystem });
};

const webhookList: Runner = async (args) => {
  const { positionals } = options(args, {});
  return webhookService().attempts(onePositional(positionals, "order id"));
};

const webhookRedriveCommand: Runner = async (args) => {
  const { positionals } = options(args, {});
  return webhookRedrive().redrive(onePositional(positionals, "order id"));
};

const mailList: Runner = async (args) => {
  const { values, positionals } = options(args, { to: { type: "string" } });
  noPositionals(positionals);
  const outbox = optionalEnv("MAIL_OUTBOX_FILE");
  if (!outbox) throw new UsageError("mail list reads the local stack's outbox; in AWS, SES sends the mail");
  const messages = await readFileOutbox(outbox, values.to);
  return messages.map(({ to, subject, text }) => ({ to, subject, text }));
};

const balanceCredit: Runner = async (args) => {
  const { positionals } = options(args, {});
  const [seller, amount, extra] = positionals;
  if (!seller || !amount) throw new UsageError("seller id and amount are required");
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  return accountService().credit(integer("seller_id", seller), integer("amount", amount));
};

const payoutList: Runner = async (args) => {
  const { values, positionals } = options(args, { status: { type: "string" } });
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
    const { positionals } = options(args, {});
    return payoutService().decide(onePositional(positionals, "payout id"), status);
  };

/** Demo categories; 7001 starts with 700, so Reseller API v2 refuses it. */
const DEMO_CATEGORIES = [
  { id: 101, name: "Game keys", slug: "game-keys" },
  { id: 102, name: "Software licences", slug: "software-licences" },
  { id: 103, name: "Accounts and subscriptions", slug: "accounts-subscriptions" },
  { id: 7001, name: "Gift cards", slug: "gift-cards" },
];

const seedDemo: Runner = async (args) => {
  const { positionals } = options(args, {});
  noPositionals(positionals);
  const categories: Category[] = [];
  for (const input of DEMO_CATEGORIES) {
    try {
      categories.push(await categoryService().create(input));
    } catch (error) {
      // Seeding twice keeps the categories it made the first time.
      if (!(error instanceof DomainError && error.kind === "conflict")) throw error;
      categories.push({ ...input, status: "active" });
    }
  }
  const seller = await accountService().create({ name: "Demo Seller", email: "seller@example.com" });
  const reseller = await accountService().create({ name: "Demo Reseller", email: "reseller@example.com" });
  return { categories, seller, reseller };
};

/** Every command, by its words. */
export const commands: Record<string, Runner> = {
  "account create": accountCreate,
  "account rotate-key": accountAccessCommand((id) => accountAccess().rotateKey(id)),
  "account rotate-totp": accountAccessCommand((id) => accountAccess().rotateTotp(id)),
  "account revoke-tokens": accountAccessCommand((id) => accountAccess().revokeTokens(id)),
  "account block": accountStatus(true),
  "account unblock": accountStatus(false),
  "category create": categoryCreate,
  "seed-demo": seedDemo,
  "product approve": productApprove,
  "product reject": productReject,
  "product set": productSet,
  "product index-lists": productIndexLists,
  "comment add": commentAdd,
  "catalogue sync": catalogueSync,
  "order create": orderCreate,
  "order pay": orderPay,
  "webhook list": webhookList,
  "webhook redrive": webhookRedriveCommand,
  "mail list": mailList,
  "balance credit": balanceCredit,
  "payout list": payoutList,
  "payout complete": payoutDecision("paid"),
  "payout reject": payoutDecision("rejected"),
};

/** One line per command, for usage errors. */
export const usage = [
  "usage: npm run ops -- <command>",
  "  account create --name <store> --email <email>",
  "  account rotate-key <seller_id>",
  "  account rotate-totp <seller_id>",
  "  account revoke-tokens <seller_id>",
  "  account block <seller_id>",
  "  account unblock <seller_id>",
  "  category create --id <int> --name <name> --slug <slug>",
  "  seed-demo",
  "  product approve <id>",
  "  product reject <id> --reason <text>",
  "  product set <id> [--gift-available 0|1] [--comment-status 0|1] [--comment-regex <re>]",
  "  product index-lists [--seller <id>]",
  "  comment add --product <id> --rating <1-5> --text <text>",
  "  catalogue sync [--product <id>]",
  "  order create --product <id> --quantity <n> --email <buyer>",
  "  order pay <id_order> [--payment-system <name>]",
  "  webhook list <id_order>",
  "  webhook redrive <id_order>",
  "  mail list [--to <email>]",
  "  balance credit <seller_id> <amount>",
  "  payout list [--status wait|paid|rejected]",
  "  payout complete <id_order>",
  "  payout reject <id_order>",
].join("\n");
