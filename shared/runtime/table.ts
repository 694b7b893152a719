import { createAccountRepository } from "../accounts/account-repository.js";
import { createDocumentClient } from "../aws/dynamodb-client.js";
import { createCatalogueRepository } from "../catalogue/catalogue-repository.js";
import { createCategoryRepository } from "../categories/category-repository.js";
import { requireEnv } from "../config/environment.js";
import { cryptoRandomness } from "../ids/randomness.js";
import { createLedgerRepository } from "../ledger/ledger-repository.js";
import { createOrderRepository } from "../orders/order-repository.js";
import { createProductRepository } from "../products/product-repository.js";
import { systemClock } from "../time/clock.js";

/**
 * The composition roots' table side: one document client per process and the repositories several
 * concerns share. It imports only the DynamoDB client, so every root can build on it without pulling
 * another AWS client into a bundle. Configuration is read on first use, and a missing variable fails
 * with its name.
 */

let documentClient: ReturnType<typeof createDocumentClient> | undefined;
/** The process's one document client. */
export const tableClient = () => {
  documentClient ??= createDocumentClient();
  return documentClient;
};

/** The table every repository writes to (TABLE_NAME). */
export const tableName = () => requireEnv("TABLE_NAME");

/** Every service reads the machine's clock and Node's secure random generator; tests pass their own. */
export const clockAndRandomness = { now: systemClock, random: cryptoRandomness };

/** Account persistence. */
export const accountStore = () => createAccountRepository(tableClient(), tableName());

/** Reading an account's ledger. */
export const ledgerStore = () => createLedgerRepository(tableClient(), tableName());

/** Orders' persistence. */
export const orderStore = () => createOrderRepository(tableClient(), tableName());

/** Products' persistence. */
export const productStore = () => createProductRepository(tableClient(), tableName());

/** Categories' persistence. */
export const categoryStore = () => createCategoryRepository(tableClient(), tableName());

/** The public catalogue's persistence: facet entries, counts and price trees. */
export const catalogueStore = () => createCatalogueRepository(tableClient(), tableName());
