import {
  accountAccess,
  accountService,
  catalogueIndexer,
  categoryService,
} from "../../shared/runtime/dependencies.js";
import type { CommandTable, Runner } from "./command.js";
import { integer, noPositionals, onePositional, parseOptions, required } from "./command-line.js";
import { seedDemo } from "./seed-demo.js";

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

const seedDemoCommand: Runner = async (args) => {
  const { positionals } = parseOptions(args, {});
  noPositionals(positionals);
  return seedDemo();
};

/** Sellers and their credentials, categories, and the demo data built from both. */
export const accountCommands: CommandTable = {
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
  "account rotate-webhook-secret": {
    args: "<seller_id>",
    summary:
      "a new webhook signing secret, shown once: {seller_id, webhook_secret, previous_signs_until}; the old one signs beside it for 24 hours",
    run: accountAccessCommand((id) => accountAccess().rotateWebhookSecret(id)),
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
};
