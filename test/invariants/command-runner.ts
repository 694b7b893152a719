import { type CommandOutcome, type Credit, executeCommand } from "./execute-command.js";
import { describeCommand, type MarketCommand } from "./market-commands.js";
import type { MarketWorld } from "./market-world.js";

/** Everything a run did, in program order, for the invariant checks and the failure report. */
export interface RunLog {
  /** Orders made by successful commands, in program order (batch by batch, command by command). */
  readonly orders: string[];
  readonly payouts: string[];
  readonly credits: Credit[];
  /** Codes the upload commands added to the key product, and those the withdrawals answered as withdrawn. */
  readonly codes: { uploaded: number; withdrawn: number };
  /** The kinds of the commands that went through, one per command. */
  readonly done: MarketCommand["type"][];
  /** One line per command: what it was and what it got. */
  readonly lines: string[];
}

/** A run stopped by a command that failed (not refused): what it did up to then, for the failure report. */
export class RunFailed extends Error {
  constructor(
    message: string,
    readonly log: RunLog,
  ) {
    super(message);
    this.name = "RunFailed";
  }
}

const describeOutcome = (outcome: CommandOutcome, log: RunLog): string => {
  if (outcome.kind !== "done") return `${outcome.kind}: ${outcome.reason}`;
  if (outcome.order) return `made order#${log.orders.indexOf(outcome.order)} ${outcome.order}`;
  if (outcome.payout) return `made payout#${log.payouts.indexOf(outcome.payout)} ${outcome.payout}`;
  if (outcome.uploaded !== undefined) return `uploaded ${outcome.uploaded} codes`;
  if (outcome.withdrawn !== undefined) return `withdrew ${outcome.withdrawn} codes`;
  return "done";
};

/**
 * Runs the batches one after another, each batch's commands concurrently. Orders and payouts a batch
 * made are numbered in program order once the batch is over, so later batches can name them. A batch in
 * which a command failed ends the run with `RunFailed`.
 */
export const runBatches = async (
  world: MarketWorld,
  batches: readonly MarketCommand[][],
): Promise<RunLog> => {
  const log: RunLog = {
    orders: [],
    payouts: [],
    credits: [],
    codes: { uploaded: 0, withdrawn: 0 },
    done: [],
    lines: [],
  };
  let serial = 0;
  for (const [b, batch] of batches.entries()) {
    const known = { orders: [...log.orders], payouts: [...log.payouts] };
    const settled = await Promise.allSettled(
      batch.map((command) => executeCommand(world, command, known, serial++)),
    );
    const failures: string[] = [];
    for (const [i, result] of settled.entries()) {
      const command = describeCommand(batch[i] as MarketCommand);
      if (result.status === "rejected") {
        const reason = result.reason instanceof Error ? result.reason.message : String(result.reason);
        failures.push(`batch ${b + 1}: ${command} failed: ${reason}`);
        log.lines.push(`batch ${b + 1}: ${command} → FAILED: ${reason}`);
        continue;
      }
      const outcome = result.value;
      if (outcome.kind === "done") {
        log.done.push((batch[i] as MarketCommand).type);
        if (outcome.order) log.orders.push(outcome.order);
        if (outcome.payout) log.payouts.push(outcome.payout);
        if (outcome.credit) log.credits.push(outcome.credit);
        log.codes.uploaded += outcome.uploaded ?? 0;
        log.codes.withdrawn += outcome.withdrawn ?? 0;
      }
      log.lines.push(`batch ${b + 1}: ${command} → ${describeOutcome(outcome, log)}`);
    }
    if (failures.length > 0)
      throw new RunFailed(`${failures.join("\n")}\n-- what each command got:\n${log.lines.join("\n")}`, log);
  }
  return log;
};
