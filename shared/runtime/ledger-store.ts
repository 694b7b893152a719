import { createLedgerRepository } from "../ledger/ledger-repository.js";
import { tableClient, tableName } from "./table.js";

/** Reading an account's ledger. In a module of its own: a bundle that imports it carries this repository's schemas and no other's. */
export const ledgerStore = () => createLedgerRepository(tableClient(), tableName());
