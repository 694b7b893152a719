import { refuse, worded } from "../../shared/errors/refusal.js";
import * as refusals from "../../shared/errors/refusals.js";
import {
  accountStore,
  catalogueIndexer,
  commentService,
  productService,
} from "../../shared/runtime/dependencies.js";
import type { CommandTable, Runner } from "./command.js";
import {
  integer,
  noPositionals,
  onePositional,
  parseOptions,
  required,
  UsageError,
  zeroOrOne,
} from "./command-line.js";

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

/** Moderating products and setting their rules, their comments, and the lists and catalogue built from them. */
export const productCommands: CommandTable = {
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
    summary: "add a comment to a product (moderated by being added by the operator; it counts in no rating)",
    run: commentAdd,
  },
  "catalogue sync": {
    args: "[--product <id>]",
    summary: "bring the v2 catalogue in step with one product, or with every product (repairs it)",
    run: catalogueSync,
  },
};
