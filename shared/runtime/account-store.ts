import { createAccountRepository } from "../accounts/account-repository.js";
import { tableClient, tableName } from "./table.js";

/** Account persistence. In a module of its own: a bundle that imports it carries this repository's schemas and no other's. */
export const accountStore = () => createAccountRepository(tableClient(), tableName());
