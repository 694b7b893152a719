import { createCatalogueRepository } from "../catalogue/catalogue-repository.js";
import { tableClient, tableName } from "./table.js";

/** The public catalogue's persistence: facet entries, counts and price trees. In a module of its own: a bundle that imports it carries this repository's schemas and no other's. */
export const catalogueStore = () => createCatalogueRepository(tableClient(), tableName());
