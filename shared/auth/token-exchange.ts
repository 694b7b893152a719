import type { AccountStore } from "../accounts/account-repository.js";
import { isBlocked } from "../accounts/account-standing.js";
import { hashApiKey, looksLikeApiKey } from "../accounts/api-keys.js";
import { DomainError } from "../errors/domain-error.js";
import { refuse } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import type { MetricsSink } from "../observability/metrics-sink.js";
import type { AccessTokens, TokenAudience } from "./access-tokens.js";
import type { ExchangeLimiter } from "./exchange-limits.js";

/** Result of exchanging an API key: a bearer token and its lifetime in seconds. */
export interface ExchangedToken {
  readonly accessToken: string;
  readonly expiresIn: number;
}

/** Exchanges a seller API key for a short-lived access token of one API version. */
export const createTokenExchange = (deps: {
  store: Pick<AccountStore, "findKeyHolder">;
  tokens: () => Promise<AccessTokens>;
  limiter: ExchangeLimiter;
  /** Counts every refused exchange (TokenExchangesRefused): a spike is a scan or a revoked client. */
  metrics: MetricsSink;
}) => {
  /**
   * The answer to a refused key (unknown, or a blocked seller's): the plain 401 while the source
   * address's window of refusals has room, then 429 until it ends. Either way the caller learns only
   * that the key does not work.
   */
  const refusal = async (sourceAddress: string): Promise<DomainError> => {
    const byAddress = await deps.limiter.take("address", sourceAddress);
    return byAddress.granted
      ? refuse(refusals.unauthorized)
      : refuse(refusals.tooManyRequests, { retryAfterSeconds: byAddress.retryAfterSeconds });
  };

  /** The exchange itself; `exchange` counts its refusals. */
  const exchangeKey = async (
    apiKey: string | undefined,
    audience: TokenAudience,
    sourceAddress: string,
  ): Promise<ExchangedToken> => {
    // A key that cannot be ours is refused before any read or write: it guesses nothing.
    if (!apiKey || !looksLikeApiKey(apiKey)) throw refuse(refusals.unauthorized);
    // The key is found by its hash, so no comparison ever runs over the key itself.
    const keyHash = hashApiKey(apiKey);
    // The key's window is counted beside the lookup: a served exchange takes one round.
    const [holder, byKey] = await Promise.all([
      deps.store.findKeyHolder(keyHash),
      deps.limiter.take("key", keyHash),
    ]);
    // A refused key's own window is counted but never answered: its address's window is the one that
    // bounds guessing, and a fixed guessed key does not turn into 429s that tell nothing new.
    if (!holder || isBlocked(holder)) throw await refusal(sourceAddress);
    if (!byKey.granted)
      throw refuse(refusals.tooManyRequests, { retryAfterSeconds: byKey.retryAfterSeconds });
    const issued = await (await deps.tokens()).issue(holder.accountId, audience, holder.generation);
    return { accessToken: issued.token, expiresIn: issued.expiresIn };
  };

  return {
    /**
     * Unknown and blocked sellers' keys are the same refusal, so callers learn nothing about which keys
     * exist. A working key is limited by its own window only (429 with the seconds to wait); refused
     * keys are counted per source address, so guessing is bounded without locking out the address's
     * other sellers.
     */
    async exchange(
      apiKey: string | undefined,
      audience: TokenAudience,
      sourceAddress: string,
    ): Promise<ExchangedToken> {
      try {
        return await exchangeKey(apiKey, audience, sourceAddress);
      } catch (error) {
        if (error instanceof DomainError) deps.metrics.count("tokenExchangesRefused");
        throw error;
      }
    },
  };
};
