import type { ClientVersion, OperationArgs, OperationKey, OperationResult } from "./operation-types.js";
import { readAnswer } from "./read-answer.js";
import { sendRequest } from "./send-request.js";
import { createTokenSource } from "./token-source.js";

/** How to reach the service and as whom. */
export interface MarketplaceClientOptions {
  /** The service's root, e.g. `http://127.0.0.1:3000` (the client adds `/api/v1` and `/api/v2`). */
  readonly baseUrl: string;
  /** The seller API key; the client exchanges it for each version's bearer token. */
  readonly apiKey: string;
  /** Seconds before a token's expiry at which it is replaced (default 60, at most half its lifetime). */
  readonly refreshMarginSeconds?: number;
  /** The fetch to send with (default: the global one). */
  readonly fetch?: typeof fetch;
}

/** The operations of one API version, each named by its route key as the spec and the route table spell it. */
export interface VersionClient<V extends ClientVersion> {
  /**
   * Calls one route, e.g. `call("GET /orders/info/{id}", { path: { id } })`. Resolves to
   * `{ ok: true, data }` (v2 adds `meta`) or, for any 4xx, `{ ok: false, error }` in the version's
   * envelope; throws MarketplaceClientError only on a network failure or a 5xx.
   */
  call<K extends OperationKey<V>>(key: K, ...args: OperationArgs<V, K>): Promise<OperationResult<V, K>>;
}

/** A client of both APIs that share one API key. */
export interface MarketplaceClient {
  readonly v1: VersionClient<"v1">;
  readonly v2: VersionClient<"v2">;
}

/** The input of any operation, as the runtime reads it. */
interface AnyInput {
  readonly path?: Readonly<Record<string, string | number>>;
  readonly query?: Readonly<Record<string, string | number | undefined>>;
  readonly body?: unknown;
  readonly form?: Readonly<Record<string, string | Blob>>;
  readonly headers?: Readonly<Record<string, string>>;
}

const DEFAULT_REFRESH_MARGIN_SECONDS = 60;

const fillPath = (template: string, params: AnyInput["path"] = {}): string =>
  template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`Path parameter '${name}' is missing for ${template}`);
    return encodeURIComponent(String(value));
  });

const formOf = (members: NonNullable<AnyInput["form"]>): FormData => {
  const form = new FormData();
  for (const [name, value] of Object.entries(members)) {
    if (typeof value === "string") form.set(name, value);
    else form.set(name, value, value instanceof File ? value.name : name);
  }
  return form;
};

const versionClient = <V extends ClientVersion>(
  version: V,
  baseUrl: string,
  options: Required<Pick<MarketplaceClientOptions, "apiKey" | "refreshMarginSeconds" | "fetch">>,
): VersionClient<V> => {
  const tokens = createTokenSource(version, { baseUrl, ...options });
  const call = async (key: string, input: AnyInput = {}) => {
    const space = key.indexOf(" ");
    const method = key.slice(0, space);
    const path = `/api/${version}${fillPath(key.slice(space + 1), input.path)}`;
    const url = new URL(`${baseUrl}${path}`);
    for (const [name, value] of Object.entries(input.query ?? {}))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const label = `${method} ${path}`;
    const json = input.body === undefined ? undefined : JSON.stringify(input.body);
    const send = (token: string) =>
      sendRequest(options.fetch, label, url.href, {
        method,
        headers: {
          ...input.headers,
          ...(json === undefined ? {} : { "Content-Type": "application/json" }),
          Authorization: `Bearer ${token}`,
        },
        body: json ?? (input.form ? formOf(input.form) : undefined),
      });

    const grant = await tokens.token();
    if (!grant.ok) return grant;
    let raw = await send(grant.token);
    if (raw.status === 401) {
      // The token expired early or was revoked: one fresh exchange and one retry, then the 401 stands.
      const renewed = await tokens.renew(grant.token);
      if (!renewed.ok) return renewed;
      raw = await send(renewed.token);
    }
    return readAnswer(version, label, raw);
  };
  return { call: call as VersionClient<V>["call"] };
};

/**
 * A typed client of Seller API v1 and Reseller API v2: `client.v1.call("POST /products", { body })`.
 * Each version exchanges the API key for its own token on first use and again before the token
 * expires; a 401 gets one fresh exchange and one retry. Every 4xx is returned as a value
 * (`{ ok: false, status, error }`), never thrown; only a network failure or a 5xx throws
 * MarketplaceClientError (with `status` and `requestId`).
 */
export const createMarketplaceClient = (options: MarketplaceClientOptions): MarketplaceClient => {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const settings = {
    apiKey: options.apiKey,
    refreshMarginSeconds: options.refreshMarginSeconds ?? DEFAULT_REFRESH_MARGIN_SECONDS,
    fetch: options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args)),
  };
  return { v1: versionClient("v1", baseUrl, settings), v2: versionClient("v2", baseUrl, settings) };
};
