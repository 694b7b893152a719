import { accountCommands } from "./account-commands.js";
import type { CommandTable } from "./command.js";
import { feeCommands } from "./fee-commands.js";
import { orderCommands } from "./order-commands.js";
import { payoutCommands } from "./payout-commands.js";
import { productCommands } from "./product-commands.js";
import { reviewCommands } from "./review-commands.js";

/**
 * Every command, by its words, in the order help lists them: each area's table keeps its own order and
 * the areas follow one another here, so this list is the order of `--help`.
 */
export const commands: CommandTable = {
  ...accountCommands,
  ...productCommands,
  ...reviewCommands,
  ...orderCommands,
  ...payoutCommands,
  ...feeCommands,
};
