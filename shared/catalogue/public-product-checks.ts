import { SellerModeration } from "../accounts/account.js";
import { keys } from "../data/table-keys.js";
import type { TransactItem } from "../data/transactions.js";
import { productGuards } from "../products/product-guards.js";

/**
 * What a write that stands on a product being public still requires when it commits, instead of
 * reading it first: GET /product/{id}'s rule beyond the product itself (its category is active, its
 * seller is not blocked), for the category and seller the product named when it was read.
 */
export interface PublicProductGuards {
  readonly categoryId: number;
  readonly sellerId: number;
}

/**
 * The guards as condition checks of the write's transaction. As the rule reads them: a category that
 * does not exist is not active, while a product whose seller's account does not exist is still shown.
 */
export const publicProductChecks = (tableName: string, guards: PublicProductGuards): TransactItem[] => [
  productGuards(tableName).activeCategory(guards.categoryId),
  {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.account(guards.sellerId),
      ConditionExpression: "attribute_not_exists(PK) OR status_moderation <> :blocked",
      ExpressionAttributeValues: { ":blocked": SellerModeration.blocked },
    },
  },
];
