import * as refusals from "../../errors/refusals.js";
import * as z from "../../validation/zod-mini.js";
import type { GroupContracts } from "../route-contract.js";

/** The Seller API v1 token exchange. */
export const v1AuthContracts = {
  "POST /auth/api-key/create": {
    summary: "Exchange the API key (header X-API-KEY) for a bearer token",
    description:
      "No body. The token is a JWT for Seller API v1 only; expires_in is in seconds. Exchanges are limited per API key, and refused exchanges (unknown or blocked keys) per source address; a working key is never refused for what other keys did from its address (429 with Retry-After).",
    success: {
      status: 200,
      data: z
        .strictObject({
          access_token: z
            .string()
            .check(z.describe("Bearer token (a JWT) for the Authorization header of every other v1 call")),
          expires_in: z
            .int()
            .check(z.describe("Seconds until the token expires; exchange the key again then")),
        })
        .check(z.describe("A Seller API v1 access token")),
      example: { access_token: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIn0.sig", expires_in: 3600 },
    },
    errors: [refusals.unauthorized, refusals.tooManyRequests],
  },
} satisfies GroupContracts<"v1-auth">;
