import type { FeeScope } from "../../shared/fees/fee-schedule.js";
import { basisPointsOfPercent } from "../../shared/fees/fee-service.js";
import { feeService } from "../../shared/runtime/dependencies.js";
import type { CommandTable, Runner } from "./command.js";
import { integer, noPositionals, parseOptions, UsageError } from "./command-line.js";

const SCOPE_USAGE = "default | category <id> | seller <id>";

/** The scope named by the positionals: `default`, `category <id>` or `seller <id>`. */
const scopeOf = (positionals: string[]): FeeScope => {
  const [kind, id, extra] = positionals;
  if (kind === "default" && id === undefined) return { kind: "default" };
  if ((kind === "category" || kind === "seller") && id !== undefined && extra === undefined)
    return { kind, id: integer(`${kind} id`, id) };
  throw new UsageError(`name what the rate is for: ${SCOPE_USAGE}`);
};

const feeShow: Runner = async (args) => {
  noPositionals(parseOptions(args, {}).positionals);
  return feeService().schedule();
};

const feeSet: Runner = async (args) => {
  const { values, positionals } = parseOptions(args, { percent: { type: "string" }, bp: { type: "string" } });
  const scope = scopeOf(positionals);
  if ((values.percent === undefined) === (values.bp === undefined))
    throw new UsageError("give the rate as one of --percent <0-50> or --bp <0-5000>");
  const basisPoints =
    values.percent === undefined ? integer("--bp", values.bp ?? "") : basisPointsOfPercent(values.percent);
  return feeService().setRate(scope, basisPoints);
};

const feeClear: Runner = async (args) => feeService().clearRate(scopeOf(parseOptions(args, {}).positionals));

const revenueReport: Runner = async (args) => {
  const { values, positionals } = parseOptions(args, { from: { type: "string" }, to: { type: "string" } });
  noPositionals(positionals);
  return feeService().revenue({ from: values.from, to: values.to });
};

/** The marketplace's own business (#25): the fee it takes on each sale, and the revenue that brings. */
export const feeCommands: CommandTable = {
  "fee show": {
    args: "",
    summary: "the fee rates set: the default, per category and per seller (the most specific applies)",
    run: feeShow,
  },
  "fee set": {
    args: `<${SCOPE_USAGE}> (--percent <p> | --bp <n>)`,
    summary: "set a fee rate, 0-50% in steps of 0.01%; sales paid from now on are charged it",
    notes: [
      "A seller's rate wins over its category's, which wins over the default; with none set a sale pays no fee.",
      "The fee is rounded down to whole roubles, so the seller keeps the fraction; a paid order keeps the fee it was charged.",
    ],
    run: feeSet,
  },
  "fee clear": {
    args: `<${SCOPE_USAGE}>`,
    summary: "remove a fee rate, so the next less specific one applies",
    run: feeClear,
  },
  "revenue report": {
    args: "[--from YYYY-MM-DD] [--to YYYY-MM-DD]",
    summary: "the marketplace's fees by UTC day and category (today by default), and its balance",
    run: revenueReport,
  },
};
