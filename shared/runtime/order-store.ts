import { createOrderRepository } from "../orders/order-repository.js";
import { tableClient, tableName } from "./table.js";

/** Orders' persistence. In a module of its own: a bundle that imports it carries this repository's schemas and no other's. */
export const orderStore = () => createOrderRepository(tableClient(), tableName());
