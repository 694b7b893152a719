import { chatMessageTableItem } from "../../shared/chat/chat-message-item.js";
import { tableSchema } from "../../shared/data/table-schema.js";
import { orderTableItem } from "../../shared/orders/order-items.js";
import { outboxTableItem } from "../../shared/outbox/outbox-item.js";
import { productTableItem } from "../../shared/products/product-items.js";

/**
 * The filters of the table stream's two consumers, as Lambda's event source mappings apply them in AWS and
 * the local stack's stream pollers apply them too (`infra/local/event-filter.ts`), so a filter that would
 * drop a record the consumer needs fails the stack tests instead of showing first in AWS.
 */
type StreamFilter = Record<string, unknown>;

// The pattern syntax itself (what CDK's FilterRule helpers return), so the local stack reads these
// without loading the CDK library.
const equal = (value: string) => [value];
const present = [{ exists: true }];
const isEntity = (entity: string) => ({ entity: { S: equal(entity) } });

/**
 * The stream records that may hold an event a seller opted into (`shared/webhooks/seller-event-facts.ts`):
 * a change to a canceled order, a change to an order that has had a dispute, a buyer's chat message, a
 * change to a product that sells uploaded codes. Four patterns, so with the outbox's the forwarder's
 * event source has five, Lambda's limit per event source mapping.
 */
const sellerEventFilters: readonly StreamFilter[] = [
  {
    eventName: equal("MODIFY"),
    dynamodb: {
      NewImage: { ...isEntity(orderTableItem.entity), status: { S: equal("canceled") } },
    },
  },
  {
    eventName: equal("MODIFY"),
    dynamodb: {
      NewImage: { ...isEntity(orderTableItem.entity), dispute_opened_at: { S: present } },
    },
  },
  {
    eventName: equal("INSERT"),
    dynamodb: {
      NewImage: { ...isEntity(chatMessageTableItem.entity), type_user: { S: equal("buyer") } },
    },
  },
  {
    eventName: equal("MODIFY"),
    dynamodb: {
      NewImage: { ...isEntity(productTableItem.entity), key_stock: { N: equal("1") } },
    },
  },
];

/** The outbox forwarder's: outbox items inserted, and the changes a seller may opt into hearing of. */
export const outboxForwarderFilters: readonly StreamFilter[] = [
  { eventName: equal("INSERT"), dynamodb: { NewImage: isEntity(outboxTableItem.entity) } },
  ...sellerEventFilters,
];

/**
 * The catalogue indexer's: every record of a product item. On the key, which every record carries: no
 * eventName (all three) and no image (a REMOVE has no NewImage and an INSERT no OldImage), while every
 * record of a product item (SK "PRODUCT", and nothing else has it) carries its keys. It also keeps out the
 * catalogue items the indexer writes itself, so its own writes never feed it.
 */
export const catalogueIndexerFilters: readonly StreamFilter[] = [
  { dynamodb: { Keys: { [tableSchema.sortKey]: { S: equal(productTableItem.prefix.SK) } } } },
];
