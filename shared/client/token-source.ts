import { MarketplaceClientError } from "./client-error.js";
import type { ClientVersion } from "./operation-types.js";
import { type AnswerValue, readAnswer } from "./read-answer.js";
import { sendRequest } from "./send-request.js";

/** A token to send, or the exchange's own refusal (a wrong key, too many exchanges) to return as is. */
export type TokenGrant<V extends ClientVersion> =
  | { ok: true; token: string }
  | Extract<AnswerValue<V>, { ok: false }>;

/** One version's bearer tokens: exchanged on first use, again before expiry, and on demand after a 401. */
export interface TokenSource<V extends ClientVersion> {
  /** The current token, exchanging the key when there is none or it is due for refresh. */
  token(): Promise<TokenGrant<V>>;
  /** A token other than `stale` (which the service refused): a new exchange unless one already replaced it. */
  renew(stale: string): Promise<TokenGrant<V>>;
}

export interface TokenSourceOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  /** How long before expiry a token is replaced, in seconds; at most half its lifetime. */
  readonly refreshMarginSeconds: number;
  readonly fetch: typeof fetch;
}

interface HeldToken {
  readonly token: string;
  /** Epoch milliseconds from which the token is exchanged again; Infinity when the lifetime is unknown. */
  readonly refreshAt: number;
}

/**
 * The token source of one version. Concurrent callers share one exchange; a token is replaced
 * `refreshMarginSeconds` before its `expires_in` runs out (at most half its lifetime early, so a
 * short-lived token is still used), so requests do not meet an expired token.
 */
export const createTokenSource = <V extends ClientVersion>(
  version: V,
  options: TokenSourceOptions,
): TokenSource<V> => {
  const path = `/api/${version}/auth/api-key/create`;
  const label = `POST ${path}`;
  let held: HeldToken | undefined;
  let pending: Promise<TokenGrant<V>> | undefined;

  const exchange = async (): Promise<TokenGrant<V>> => {
    const raw = await sendRequest(options.fetch, label, `${options.baseUrl}${path}`, {
      method: "POST",
      headers: { "X-API-KEY": options.apiKey },
    });
    const answer = readAnswer(version, label, raw);
    if (!answer.ok) return answer;
    const { access_token: token, expires_in: expiresIn } = (answer.data ?? {}) as {
      access_token?: unknown;
      expires_in?: unknown;
    };
    if (typeof token !== "string" || token === "")
      throw new MarketplaceClientError(`${label} answered ${answer.status} without an access_token`, {
        status: answer.status,
        requestId: answer.requestId,
        body: raw.body,
      });
    // Without a lifetime the token is kept until the service refuses it; the 401 renewal covers that.
    const lifetime = typeof expiresIn === "number" && expiresIn > 0 ? expiresIn : undefined;
    const early = lifetime === undefined ? 0 : Math.min(options.refreshMarginSeconds, lifetime / 2);
    held = { token, refreshAt: lifetime === undefined ? Infinity : Date.now() + (lifetime - early) * 1000 };
    return { ok: true, token };
  };

  const token = (): Promise<TokenGrant<V>> => {
    if (held !== undefined && Date.now() < held.refreshAt)
      return Promise.resolve({ ok: true, token: held.token });
    pending ??= exchange().finally(() => {
      pending = undefined;
    });
    return pending;
  };

  return {
    token,
    renew: (stale) => {
      if (held?.token === stale) held = undefined;
      return token();
    },
  };
};
