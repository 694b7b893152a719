import { ACCESS_TOKEN_LIFETIME_SECONDS } from "../../shared/auth/access-tokens.js";
import {
  DEFAULT_EXCHANGES_PER_KEY,
  DEFAULT_REFUSED_EXCHANGES_PER_ADDRESS,
} from "../../shared/auth/exchange-limits.js";
import type { DocumentedVersion } from "./documented-version.js";

/**
 * Each document's `info.description`, in Markdown: what the API is for, how to authenticate, the unit of
 * money and the shape of errors. The numbers come from the code that enforces them.
 */

const unauthorized = {
  v1: '`{"status":"error","message":"Unauthorized"}`',
  v2: '`{"ok":false,"code":"unauthorized","message":"Unauthorized","http_status":401,"error":{"code":"unauthorized"}}`',
} as const satisfies Record<DocumentedVersion, string>;

const purpose: Record<DocumentedVersion, string> = {
  v1: "Sellers manage their products and key stock, their orders and their delivery, their account and their payouts. When an order is paid the marketplace POSTs the payment webhook to the seller's api_url, and the seller delivers through the order's one-time delivery URL; the document's **Webhooks** describe it and the events a seller may opt into.",
  v2: "Resellers search the public catalogue, buy and gift from their balance, and follow their orders: delivery, chat with the seller, disputes. Categories whose id starts with 700 are not sold through this API.",
};

const authentication = (version: DocumentedVersion): string => {
  const minutes = ACCESS_TOKEN_LIFETIME_SECONDS / 60;
  return [
    "## Authenticating",
    `1. **Exchange the API key for a token**: \`POST /api/${version}/auth/api-key/create\` with the header \`X-API-KEY: <your API key>\` and no body. The answer's \`data.access_token\` is a bearer token (a JWT) for ${version === "v1" ? "Seller API v1" : "Reseller API v2"} only: a token of the other version is refused here.`,
    `2. **Send it on every other call**: \`Authorization: Bearer <access_token>\`.`,
    `3. **It lasts ${ACCESS_TOKEN_LIFETIME_SECONDS} seconds** (${minutes} minutes, \`expires_in\`). There is no refresh token: exchange the key again before it expires, or when a call answers 401. Each key may be exchanged ${DEFAULT_EXCHANGES_PER_KEY} times a minute and a source address may make ${DEFAULT_REFUSED_EXCHANGES_PER_ADDRESS} refused exchanges a minute; past that the exchange answers 429 with Retry-After. Keep the token and reuse it.`,
    `4. **401** means no token, a malformed or expired one, one of the other version, or one revoked (rotating the API key or blocking the account revokes every token issued before): ${unauthorized[version]}. A missing or unknown \`X-API-KEY\` on the exchange answers the same.`,
    ...(version === "v1"
      ? [
          "5. **Payouts** also need the 6-digit code of the authenticator app set up with the account, in the body's `cod`.",
        ]
      : []),
  ].join("\n");
};

const money: Record<DocumentedVersion, string> = {
  v1: '## Money\n\nPrices, amounts and balances are whole roubles (RUB), as integers: `"price": 2500` is 2,500 ₽. Where the spec makes an amount a string (an order\'s `amount`), it is the same integer written as text. `discount` is a percentage.',
  v2: '## Money\n\nThe currency is the Russian rouble: every `currency` is `"RUB"`, and prices, totals and balances are whole roubles as integers (`"price": 2500` is 2,500 ₽). The search filters `min_price` and `max_price` also take kopecks (`99.5`).',
};

const errors: Record<DocumentedVersion, string> = {
  v1: '## Errors\n\nEvery error answers `{"status":"error","message":"…"}` (`V1Error`); the message is the spec\'s wording where the spec names the error. Each operation lists its statuses and messages.',
  v2: '## Errors\n\nEvery error answers `{"ok":false,"code":"…","message":"…","http_status":…,"error":{"code":"…","details":{…}}}` (`V2Error`): `code` is for programs (one of a fixed list), `message` for people, and a schema failure lists each field or parameter that failed in `error.details.issues`. Each operation lists its statuses, codes and messages.',
};

/** A version's `info.description`. */
export const introductionOf = (version: DocumentedVersion): string =>
  [purpose[version], authentication(version), money[version], errors[version]].join("\n\n");
