import { defineTableItem } from "../data/table-item.js";
import { keys } from "../data/table-keys.js";

/** A category; all categories share one partition, so listing them is one Query. */
export const categoryTableItem = defineTableItem({ entity: "category", key: keys.category });
