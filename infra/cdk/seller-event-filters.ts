import { FilterRule } from "aws-cdk-lib/aws-lambda";
import { chatMessageTableItem } from "../../shared/chat/chat-message-item.js";
import { orderTableItem } from "../../shared/orders/order-items.js";
import { productTableItem } from "../../shared/products/product-items.js";

const isEntity = (entity: string) => ({ entity: { S: FilterRule.isEqual(entity) } });

/**
 * The stream records that may hold an event a seller opted into (`shared/webhooks/seller-event-facts.ts`):
 * a change to a canceled order, a change to an order that has had a dispute, a buyer's chat message, a
 * change to a product that sells uploaded codes. Four patterns, so with the outbox's the forwarder's
 * event source has five, Lambda's limit per event source mapping.
 */
export const sellerEventFilters: readonly Record<string, unknown>[] = [
  {
    eventName: FilterRule.isEqual("MODIFY"),
    dynamodb: {
      NewImage: { ...isEntity(orderTableItem.entity), status: { S: FilterRule.isEqual("canceled") } },
    },
  },
  {
    eventName: FilterRule.isEqual("MODIFY"),
    dynamodb: { NewImage: { ...isEntity(orderTableItem.entity), dispute_opened_at: FilterRule.exists() } },
  },
  {
    eventName: FilterRule.isEqual("INSERT"),
    dynamodb: {
      NewImage: { ...isEntity(chatMessageTableItem.entity), type_user: { S: FilterRule.isEqual("buyer") } },
    },
  },
  {
    eventName: FilterRule.isEqual("MODIFY"),
    dynamodb: {
      NewImage: { ...isEntity(productTableItem.entity), key_stock: { N: FilterRule.isEqual("1") } },
    },
  },
];
