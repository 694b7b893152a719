import { createCategoryRepository } from "../categories/category-repository.js";
import { tableClient, tableName } from "./table.js";

/** Categories' persistence. In a module of its own: a bundle that imports it carries this repository's schemas and no other's. */
export const categoryStore = () => createCategoryRepository(tableClient(), tableName());
