import {
  createExchangeLimiter,
  DEFAULT_EXCHANGES_PER_KEY,
  DEFAULT_REFUSED_EXCHANGES_PER_ADDRESS,
  exchangeLimit,
} from "../auth/exchange-limits.js";
import { createTokenExchange } from "../auth/token-exchange.js";
import { optionalEnv } from "../config/environment.js";
import { powertoolsMetricsSink } from "../observability/powertools-metrics.js";
import { accountStore } from "./account-store.js";
import { rateLimiter } from "./rate-limiter.js";
import { accessTokens } from "./service-keys.js";

/**
 * The exchange's abuse limits (TOKEN_EXCHANGE_LIMIT_PER_KEY: exchanges of one key per minute;
 * TOKEN_EXCHANGE_LIMIT_PER_ADDRESS: refused exchanges from one address per minute), read on first use;
 * a bad value fails with the variable's name.
 */
const exchangeLimits = () => ({
  key: exchangeLimit(
    "TOKEN_EXCHANGE_LIMIT_PER_KEY",
    optionalEnv("TOKEN_EXCHANGE_LIMIT_PER_KEY"),
    DEFAULT_EXCHANGES_PER_KEY,
  ),
  address: exchangeLimit(
    "TOKEN_EXCHANGE_LIMIT_PER_ADDRESS",
    optionalEnv("TOKEN_EXCHANGE_LIMIT_PER_ADDRESS"),
    DEFAULT_REFUSED_EXCHANGES_PER_ADDRESS,
  ),
});

/** API key → access token (the auth groups' whole root: the table and the signing key). */
export const tokenExchange = () =>
  createTokenExchange({
    metrics: powertoolsMetricsSink,
    store: accountStore(),
    tokens: accessTokens,
    limiter: createExchangeLimiter({
      limiter: rateLimiter(),
      limits: exchangeLimits(),
    }),
  });
