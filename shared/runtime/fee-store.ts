import { createFeeRepository } from "../fees/fee-repository.js";
import { tableClient, tableName } from "./table.js";

/** The fee schedule and the marketplace's revenue (#25), for payments, purchases and the ops CLI. */
export const feeStore = () => createFeeRepository(tableClient(), tableName());
