import { defineTableItem } from "../data/table-item.js";
import { keys } from "../data/table-keys.js";

/** What an Idempotency-Key of an account promised: its request's hash and, once done, its answer. */
export const idempotencyTableItem = defineTableItem({ entity: "idempotency", key: keys.idempotencyRecord });
