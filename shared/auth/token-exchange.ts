import type { AccountStore } from "../accounts/account-repository.js";
import { isBlocked } from "../accounts/account-standing.js";
import { hashApiKey, looksLikeApiKey } from "../accounts/api-keys.js";
import { unauthorized } from "../errors/domain-error.js";
import type { AccessTokens, TokenAudience } from "./access-tokens.js";

/** Result of exchanging an API key: a bearer token and its lifetime in seconds. */
export interface ExchangedToken {
  readonly accessToken: string;
  readonly expiresIn: number;
}

/** Exchanges a seller API key for a short-lived access token of one API version. */
export const createTokenExchange = (deps: {
  store: Pick<AccountStore, "findKeyHolder">;
  tokens: () => Promise<AccessTokens>;
}) => ({
  /** Unknown, malformed and blocked sellers' keys are all the same 401, so callers learn nothing about which keys exist. */
  async exchange(apiKey: string | undefined, audience: TokenAudience): Promise<ExchangedToken> {
    if (!apiKey || !looksLikeApiKey(apiKey)) throw unauthorized();
    // The key is found by its hash, so no comparison ever runs over the key itself.
    const holder = await deps.store.findKeyHolder(hashApiKey(apiKey));
    if (!holder || isBlocked(holder)) throw unauthorized();
    const issued = await (await deps.tokens()).issue(holder.accountId, audience, holder.generation);
    return { accessToken: issued.token, expiresIn: issued.expiresIn };
  },
});
