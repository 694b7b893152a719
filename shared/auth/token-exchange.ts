import type { AccountStore } from "../accounts/account-repository.js";
import { isBlocked } from "../accounts/account-standing.js";
import { hashApiKey, looksLikeApiKey } from "../accounts/api-keys.js";
import { tooManyRequests, unauthorized } from "../errors/domain-error.js";
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
}) => ({
  /**
   * Unknown, malformed and blocked sellers' keys are all the same 401, so callers learn nothing about
   * which keys exist. Exchanges are limited per source address and per key (429 with the seconds to wait).
   */
  async exchange(
    apiKey: string | undefined,
    audience: TokenAudience,
    sourceAddress: string,
  ): Promise<ExchangedToken> {
    if (!apiKey || !looksLikeApiKey(apiKey)) throw unauthorized();
    // The key is found by its hash, so no comparison ever runs over the key itself.
    const keyHash = hashApiKey(apiKey);
    // Both windows are counted beside the lookup: the limit adds no round trip.
    const [holder, byAddress, byKey] = await Promise.all([
      deps.store.findKeyHolder(keyHash),
      deps.limiter.take("address", sourceAddress),
      deps.limiter.take("key", keyHash),
    ]);
    if (!byAddress.granted) throw tooManyRequests(byAddress.retryAfterSeconds);
    // An unknown key's window is counted but never answered: guessing is what the address limit stops.
    if (!holder || isBlocked(holder)) throw unauthorized();
    if (!byKey.granted) throw tooManyRequests(byKey.retryAfterSeconds);
    const issued = await (await deps.tokens()).issue(holder.accountId, audience, holder.generation);
    return { accessToken: issued.token, expiresIn: issued.expiresIn };
  },
});
