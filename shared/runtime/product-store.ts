import { createProductRepository } from "../products/product-repository.js";
import { tableClient, tableName } from "./table.js";

/** Products' persistence. In a module of its own: a bundle that imports it carries this repository's schemas and no other's. */
export const productStore = () => createProductRepository(tableClient(), tableName());
