import { defineTableItem } from "../data/table-item.js";
import { keys } from "../data/table-keys.js";

/**
 * A moderated comment on a product, in time order under the product. (Its product's comment count is
 * made by an `ADD` update and carries no entity: it keeps its bare key, `keys.commentCount`.)
 */
export const commentTableItem = defineTableItem({ entity: "comment", key: keys.comment });
