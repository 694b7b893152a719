import type { RouteDefinition } from "../../shared/http/routes.js";

/**
 * The capacity plan as data: each Lambda's memory and each route's API Gateway throttle. The reasoning
 * and the measurements behind every number are in docs/benchmarks.md ("Capacity plan").
 */

/**
 * Memory per function in MB. Every bundle settles at 66–76 MB RSS after import (`npm run bench --
 * cold-start`) and handles small JSON, so 256 MB is room enough for all; memory above that buys CPU,
 * which Lambda gives in proportion (1,769 MB = one vCPU). Functions whose own CPU per request is large
 * get more: image uploads (a 4 MB body parsed and copied), purchases (comment patterns in `node:vm`),
 * webhook signing over TLS and stream batches 512 MB; search and the seller catalogue (≈9 ms of CPU per
 * request on a full core, ≈60 ms at 256 MB) 1,024 MB.
 */
export const functionMemoryMb = {
  "v1-auth": 256,
  "v1-products": 512,
  "v1-orders": 256,
  "v1-seller": 512,
  "v1-payouts": 256,
  // 10,000 codes per upload: parsed, checked, sealed (AES-GCM) and named (HMAC) each, then written.
  "v1-key-stock": 512,
  "v2-auth": 256,
  "v2-catalog": 1024,
  "v2-purchases": 512,
  "v2-orders": 256,
  "v2-favorites": 256,
  payments: 256,
  "api-docs": 256,
  webhooks: 512,
  mailer: 256,
  outbox: 256,
  "catalogue-indexer": 512,
  maintenance: 256,
} as const satisfies Record<string, number>;
export type FunctionName = keyof typeof functionMemoryMb;

/**
 * Timeout per API function in seconds where 10 s is not enough: a key-stock call writes up to 10,000
 * codes (102 transactions) or withdraws as many, seconds on DynamoDB, within the 30 s an HTTP API waits
 * for its integration (measured locally on DynamoDB Local at 12–14 s, see docs/benchmarks.md).
 */
export const functionTimeoutSeconds: Partial<Record<FunctionName, number>> = { "v1-key-stock": 29 };

/** An API Gateway throttle: steady requests per second and the burst the token bucket holds. */
export interface Throttle {
  readonly rateLimit: number;
  readonly burstLimit: number;
}

/** The whole stage: caps the sum of every route, well inside the account's 10,000 req/s. */
export const stageThrottle: Throttle = { rateLimit: 500, burstLimit: 1000 };

/** Throttle classes, from the cost of one request and how often a real client needs it. */
export const throttleClasses = {
  /** An access token lasts an hour: one exchange per client per hour; also slows key guessing. */
  tokenExchange: { rateLimit: 20, burstLimit: 50 },
  /** One transaction of up to 8 items per call (stock, balance, ledger, order, token, outbox, history). */
  purchase: { rateLimit: 100, burstLimit: 200 },
  /** A person typing an authenticator code. */
  payout: { rateLimit: 5, burstLimit: 10 },
  /** The payment provider's callbacks: never the bottleneck of a sale. */
  paymentCallback: { rateLimit: 200, burstLimit: 400 },
  /** Seller and reseller writes: one or two requests each. */
  write: { rateLimit: 50, burstLimit: 100 },
  /** Reads: one page per call. */
  read: { rateLimit: 300, burstLimit: 600 },
} as const satisfies Record<string, Throttle>;

/** The throttle class of a route. */
export const throttleOf = (route: RouteDefinition): Throttle => {
  if (route.path === "/auth/api-key/create") return throttleClasses.tokenExchange;
  if (route.version === "payments") return throttleClasses.paymentCallback;
  if (route.path === "/buy" || route.path === "/gift") return throttleClasses.purchase;
  if (route.path === "/payout") return throttleClasses.payout;
  return route.method === "GET" ? throttleClasses.read : throttleClasses.write;
};
