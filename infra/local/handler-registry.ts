import { handler as apiDocs } from "../../functions/api-docs/handler.js";
import { handler as catalogue } from "../../functions/catalogue-indexer/handler.js";
import { handler as mailer } from "../../functions/mailer/handler.js";
import { handler as maintenance } from "../../functions/maintenance/handler.js";
import { handler as outbox } from "../../functions/outbox/handler.js";
import { handler as payments } from "../../functions/payments/handler.js";
import { handler as v1Auth } from "../../functions/v1-auth/handler.js";
import { handler as v1KeyStock } from "../../functions/v1-key-stock/handler.js";
import { handler as v1Orders } from "../../functions/v1-orders/handler.js";
import { handler as v1Payouts } from "../../functions/v1-payouts/handler.js";
import { handler as v1Products } from "../../functions/v1-products/handler.js";
import { handler as v1Seller } from "../../functions/v1-seller/handler.js";
import { handler as v2Auth } from "../../functions/v2-auth/handler.js";
import { handler as v2Catalog } from "../../functions/v2-catalog/handler.js";
import { handler as v2Favorites } from "../../functions/v2-favorites/handler.js";
import { handler as v2Orders } from "../../functions/v2-orders/handler.js";
import { handler as v2Purchases } from "../../functions/v2-purchases/handler.js";
import { handler as webhooks } from "../../functions/webhooks/handler.js";
import type { ApiHandler } from "../../shared/http/group-handler.js";
import type { EndpointGroup } from "../../shared/http/routes.js";
import type { QueueHandler } from "../../shared/queue/sqs-batch.js";
import { catalogueIndexerFilters, outboxForwarderFilters } from "../cdk/stream-filters.js";
import type { FilterPattern } from "./event-filter.js";

/**
 * The same handler modules CDK deploys, one per endpoint group. Handlers read configuration on first
 * use, not at import, so importing them before the local environment is applied is safe. The type
 * makes a group missing from this map a compile error.
 */
export const apiHandlers: Record<EndpointGroup, ApiHandler> = {
  "v1-auth": v1Auth,
  "v1-products": v1Products,
  "v1-orders": v1Orders,
  "v1-seller": v1Seller,
  "v1-payouts": v1Payouts,
  "v1-key-stock": v1KeyStock,
  "v2-auth": v2Auth,
  "v2-catalog": v2Catalog,
  "v2-purchases": v2Purchases,
  "v2-orders": v2Orders,
  "v2-favorites": v2Favorites,
  payments,
  "api-docs": apiDocs,
};

/** The queue workers, by the queue they consume. */
export const workerHandlers: Record<"webhooks" | "emails", QueueHandler> = { webhooks, emails: mailer };

/** Scheduled functions, run by a timer locally as EventBridge runs them in AWS. */
export const scheduledHandlers = { maintenance };

/** Stream consumers, fed by the table's stream as Lambda's event source feeds them in AWS. */
export const streamHandlers = { outbox, catalogue };

/** Each stream consumer's filters, the very ones its event source mapping has in AWS. */
export const streamFilters: Record<keyof typeof streamHandlers, readonly FilterPattern[]> = {
  outbox: outboxForwarderFilters,
  catalogue: catalogueIndexerFilters,
};
