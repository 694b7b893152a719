import { ACCESS_TOKEN_LIFETIME_SECONDS } from "../../auth/access-tokens.js";
import * as refusals from "../../errors/refusals.js";
import * as z from "../../validation/zod-mini.js";
import type { GroupContracts } from "../route-contract.js";
import { count, described } from "./field-schemas.js";

const tokenAnswer = z.strictObject({
  access_token: described(
    z.string(),
    "The bearer token (a JWT) for every other v2 route: send Authorization: Bearer <access_token>; v1 refuses it",
  ),
  token_type: described(z.literal("Bearer"), "Always Bearer"),
  expires_in: count(
    `Seconds until the token expires (${ACCESS_TOKEN_LIFETIME_SECONDS}); then exchange the key again`,
  ),
});

/** The Reseller API v2 token exchange. */
export const v2AuthContracts = {
  "POST /auth/api-key/create": {
    summary: "Exchange the API key (header X-API-KEY) for a bearer token",
    description:
      "The seller API key goes in the header X-API-KEY; there is no body. Each API key may exchange 20 times a minute; a source address gets 60 refused exchanges (unknown or blocked keys) a minute, after which its refused exchanges are 429. A working key is never refused for what other keys did from its address. Every 429 carries Retry-After.",
    success: {
      status: 200,
      data: tokenAnswer,
      example: {
        access_token: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMDQyIn0.sig",
        token_type: "Bearer",
        expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
      },
    },
    errors: [refusals.unauthorized, refusals.tooManyRequests],
  },
} satisfies GroupContracts<"v2-auth">;
