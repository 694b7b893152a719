import type { ItemKey } from "../data/table-keys.js";
import { keys } from "../data/table-keys.js";
import type { TransactItem } from "../data/transactions.js";
import type { ProductRecord } from "./product.js";
import { productNameGuardTableItem, productUuidGuardTableItem } from "./product-items.js";

/**
 * The transaction items that keep a product write within its rules: a seller's product names and uuids
 * are unique (each held by a guard item, claimed and released in the product's own transaction), and a
 * product's category exists and is active.
 */
export const productGuards = (tableName: string) => {
  const claim = (item: ItemKey): TransactItem => ({
    Put: { TableName: tableName, Item: item, ConditionExpression: "attribute_not_exists(PK)" },
  });
  const release = (key: ItemKey): TransactItem => ({ Delete: { TableName: tableName, Key: key } });
  return {
    /** Claims the seller's name key for the product; fails while another product holds it. */
    claimName: (product: ProductRecord, nameKey: string) =>
      claim(productNameGuardTableItem.item([product.seller_id, nameKey], { product_id: product.id })),
    /** Frees a name key of the seller. */
    releaseName: (sellerId: number, nameKey: string) =>
      release(productNameGuardTableItem.key(sellerId, nameKey)),
    /** Claims the seller's uuid for the product; fails while another product holds it. */
    claimUuid: (product: ProductRecord, uuid: string) =>
      claim(productUuidGuardTableItem.item([product.seller_id, uuid], { product_id: product.id })),
    /** Frees a uuid of the seller. */
    releaseUuid: (sellerId: number, uuid: string) => release(productUuidGuardTableItem.key(sellerId, uuid)),
    /** Checks the category exists and is active. */
    activeCategory: (categoryId: number): TransactItem => ({
      ConditionCheck: {
        TableName: tableName,
        Key: keys.category(categoryId),
        ConditionExpression: "attribute_exists(PK) AND #status = :active",
        ExpressionAttributeNames: { "#status": "status" },
        ExpressionAttributeValues: { ":active": "active" },
      },
    }),
  };
};

/** The guard items of one table (`productGuards`). */
export type ProductGuards = ReturnType<typeof productGuards>;
