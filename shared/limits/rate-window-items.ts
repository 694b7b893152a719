import { defineTableItem } from "../data/table-item.js";
import { keys } from "../data/table-keys.js";

/**
 * One fixed window of an abuse limit for one subject: its hits, kept until DynamoDB's TTL removes it.
 * Made by an update (`ADD hits`), which sets its entity too.
 */
export const rateWindowTableItem = defineTableItem({ entity: "rate_window", key: keys.rateWindow });
