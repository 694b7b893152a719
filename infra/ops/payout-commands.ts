import { accountService, payoutService } from "../../shared/runtime/dependencies.js";
import type { CommandTable, Runner } from "./command.js";
import { integer, noPositionals, onePositional, parseOptions, UsageError } from "./command-line.js";

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

/** A seller's balance: the operator's credits, and the payouts the operator completes or rejects. */
export const payoutCommands: CommandTable = {
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
