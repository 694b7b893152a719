/**
 * The service's own CloudWatch metrics, named once: the functions emit them (Powertools Metrics, as EMF
 * log lines) and the CDK stack graphs and alarms on them (infra/cdk/constructs/service-metrics.ts).
 *
 * CloudWatch matches a metric by its namespace, name and exact set of dimensions, never a subset: an
 * alarm on `WebhookFailures` with `{service}` sees nothing emitted with `{service, seller}`. So every
 * emitter keeps to the dimensions written here:
 * - Powertools adds a `service` dimension to every metric it emits and cannot leave it out, so every
 *   function emits with the one value `METRIC_SERVICE` (Metrics' `serviceName`), whichever function it is.
 * - A metric with a dimension of its own (`path`, `code`) is emitted with `metrics.singleMetric()`: a
 *   dimension added to the shared Metrics object would be stamped on every other metric of that flush.
 */

/** The namespace of every metric here (Powertools' `namespace`, POWERTOOLS_METRICS_NAMESPACE). */
export const METRIC_NAMESPACE = "Marketplace";

/** The one value of the `service` dimension Powertools stamps on every metric (Metrics' `serviceName`). */
export const METRIC_SERVICE = "marketplace";

/** Dimension names, as emitted. */
export const METRIC_DIMENSIONS = {
  /** Powertools' own, always present: `METRIC_SERVICE`. */
  service: "service",
  /** How a paid order reached its buyer: one of `DELIVERY_PATHS`. */
  path: "path",
  /** The refusal's code, as the API answers it (the refusal catalogue, shared/errors/refusals). */
  code: "code",
} as const;

/** The values of `Deliveries`' `path` dimension. */
export const DELIVERY_PATHS = {
  /** The seller's webhook receiver accepted the paid order's webhook (it delivers the goods itself). */
  webhook: "webhook",
  /** The seller delivered by hand, through the one-time delivery URL (no receiver, or it was down). */
  manual: "manual",
  /** The marketplace handed over a code from the product's uploaded key stock when the order was paid. */
  keyStock: "key_stock",
} as const;

/** Every metric the functions emit, each a count (unit Count, one per event unless said otherwise). */
export const METRICS = {
  /** One per webhook request sent (payment webhooks and opted-in seller events), by the webhook sender. */
  webhookAttempts: "WebhookAttempts",
  /** One per webhook request that failed (no 2xx in time: refused, timed out, unreachable), by the sender. */
  webhookFailures: "WebhookFailures",
  /** One per order that became paid: by the payment callback (`payments`) and purchases (`v2-purchases`). */
  ordersPaid: "OrdersPaid",
  /** One per paid order delivered, dimension `path` (`DELIVERY_PATHS`), by the function that delivered it. */
  deliveries: "Deliveries",
  /** One per payout request accepted (`v1-payouts`). */
  payoutsRequested: "PayoutsRequested",
  /** One per refusal answered by any API function, with dimension `code`, by the shared error middleware. */
  refusals: "Refusals",
  /** One per API-key token exchange refused (wrong key, blocked seller, abuse limit): `v1-auth`, `v2-auth`. */
  tokenExchangesRefused: "TokenExchangesRefused",
  /** One per payment arriving after its order's 30 minutes (paid late, or recorded for refund): `payments`. */
  latePayments: "LatePayments",
} as const;

/** The dimensions each metric is emitted with, beyond `service`. */
export const METRIC_OWN_DIMENSIONS: Readonly<Record<keyof typeof METRICS, readonly string[]>> = {
  webhookAttempts: [],
  webhookFailures: [],
  ordersPaid: [],
  deliveries: [METRIC_DIMENSIONS.path],
  payoutsRequested: [],
  refusals: [METRIC_DIMENSIONS.code],
  tokenExchangesRefused: [],
  latePayments: [],
};
