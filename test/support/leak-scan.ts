import { hashApiKey } from "../../shared/accounts/api-keys.js";

/** What a watched value is, as a leak report names it. */
export type SecretKind =
  | "API key"
  | "API key hash"
  | "TOTP secret"
  | "webhook signing secret"
  | "account e-mail"
  | "buyer e-mail"
  | "uploaded code";

/** One request and what came back, as the scan sees it. */
export interface ScannedExchange {
  readonly method: string;
  /** The path as sent, query string included. */
  readonly path: string;
  readonly requestHeaders: Record<string, string> | undefined;
  readonly responseHeaders: Headers;
  readonly text: string;
}

interface WatchedSecret {
  readonly kind: SecretKind;
  readonly value: string;
  /** The account the value belongs to, when it is an account's. */
  readonly owner: number | undefined;
}

/** Everything test support registered in this test file; secrets never leave its process. */
const watched: WatchedSecret[] = [];

/** Forgets what earlier files registered: a worker runs file after file with its modules kept. */
export const forgetWatchedSecrets = (): void => {
  watched.length = 0;
};

const watch = (kind: SecretKind, value: string | undefined, owner?: number): void => {
  if (value === undefined || value === "") return;
  watched.push({ kind, value, owner });
};

/** The account's e-mail as the authenticator URL's label carries it: `<store name> (<e-mail>)`. */
const emailOfOtpauthUrl = (otpauthUrl: string): string | undefined => {
  const label = decodeURIComponent(new URL(otpauthUrl).pathname);
  return /\(([^()\s]+@[^()\s]+)\)$/.exec(label)?.[1];
};

/**
 * Registers what account creation returned once: the API key, its lookup hash, the TOTP secret, the
 * webhook signing secret and the account's e-mail (a buyer's e-mail when the account buys in v2).
 * Returns the account unchanged.
 */
export const watchAccount = <
  T extends {
    seller_id: number;
    api_key: string;
    totp_secret: string;
    otpauth_url: string;
    webhook_secret?: string;
  },
>(
  account: T,
): T => {
  watch("API key", account.api_key, account.seller_id);
  watch("API key hash", hashApiKey(account.api_key), account.seller_id);
  watch("TOTP secret", account.totp_secret, account.seller_id);
  watch("account e-mail", emailOfOtpauthUrl(account.otpauth_url), account.seller_id);
  if (account.webhook_secret) watch("webhook signing secret", account.webhook_secret, account.seller_id);
  return account;
};

/** Registers a storefront buyer's e-mail: no response of either API may carry it. */
export const watchBuyerEmail = (email: string | undefined): void => watch("buyer e-mail", email);

/**
 * Registers codes a seller uploaded: no response may carry one (the upload's answer, the seller's page
 * of codes and every error show only positions, ids and last characters).
 */
export const watchCodes = (codes: readonly string[], sellerId: number): void => {
  for (const code of codes) watch("uploaded code", code, sellerId);
};

/** The account a bearer token speaks for, read from its claims without verifying it (the gateway did). */
const callerOf = (headers: Record<string, string> | undefined): number | undefined => {
  const authorization = Object.entries(headers ?? {}).find(
    ([name]) => name.toLowerCase() === "authorization",
  );
  const token = /^Bearer ([\w-]+)\.([\w-]+)\./.exec(authorization?.[1] ?? "");
  if (!token?.[2]) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(token[2], "base64url").toString("utf8")) as { sub?: unknown };
    return typeof claims.sub === "string" ? Number(claims.sub) : undefined;
  } catch {
    return undefined;
  }
};

const pathOnly = (path: string): string => path.split("?")[0] ?? path;

/**
 * Where a watched value legitimately appears, each case from the spec: GET /api/v1/seller returns the
 * caller's own API key ("data = seller record … including api_key"). Nothing else is ever allowed: no
 * response shows a key hash, a TOTP secret or an e-mail address, and no caller sees another's key.
 */
const allowed = (secret: WatchedSecret, exchange: ScannedExchange): boolean =>
  (secret.kind === "API key" &&
    exchange.method === "GET" &&
    pathOnly(exchange.path) === "/api/v1/seller" &&
    secret.owner !== undefined &&
    callerOf(exchange.requestHeaders) === secret.owner) ||
  (secret.kind === "uploaded code" && exchange.method === "GET" && codeReader(secret, exchange));

/**
 * Where an uploaded code may be read (#21): by its seller in the order it went to (GET
 * /api/v1/orders/info/{id}), and by that order's buyer (GET /api/v2/order/{id}, which answers only the
 * order's buyer). Nowhere else: not the upload's answer, the seller's page of codes, a list or an error.
 */
const codeReader = (secret: WatchedSecret, exchange: ScannedExchange): boolean => {
  const path = pathOnly(exchange.path);
  if (/^\/api\/v2\/order\/[^/]+$/.test(path)) return true;
  return /^\/api\/v1\/orders\/info\/[^/]+$/.test(path) && callerOf(exchange.requestHeaders) === secret.owner;
};

/** v1 order views: the spec forbids buyer e-mails there, so no e-mail-shaped text at all is allowed. */
const V1_ORDER_VIEW = /^\/api\/v1\/orders(\/info\/[^/]*)?\/?$/;
const EMAIL_SHAPE = /[\w.+-]+@[\w-]+(\.[\w-]+)+/;

/** The forms a value can take in a response: as is, or percent-encoded (inside a URL). */
const formsOf = (value: string): string[] => {
  const encoded = encodeURIComponent(value);
  return encoded === value ? [value] : [value, encoded];
};

/** The body, then every header value, so a leak in either is found. */
const partsOf = (exchange: ScannedExchange): [string, string][] => [
  ["body", exchange.text],
  ...[...exchange.responseHeaders].map(([name, value]): [string, string] => [`header ${name}`, value]),
];

/**
 * Fails the request (and so the test that made it) when its response carries a watched secret where the
 * spec does not put it, naming the path, the part of the response and the kind of secret.
 */
export const scanResponse = (exchange: ScannedExchange): void => {
  const route = `${exchange.method} ${exchange.path}`;
  for (const [part, content] of partsOf(exchange)) {
    for (const secret of watched) {
      if (!formsOf(secret.value).some((form) => content.includes(form))) continue;
      if (allowed(secret, exchange)) continue;
      const what =
        secret.owner === undefined ? `a ${secret.kind}` : `the ${secret.kind} of account ${secret.owner}`;
      throw new Error(`Response leak: ${route} carries ${what} in its ${part}`);
    }
    if (V1_ORDER_VIEW.test(pathOnly(exchange.path)) && EMAIL_SHAPE.test(content)) {
      throw new Error(
        `Response leak: ${route} carries an e-mail address in its ${part} (v1 order views never do)`,
      );
    }
  }
};
