import * as z from "../validation/zod-mini.js";
import type { VersionContracts } from "./route-contract.js";

/** Seller API v1: what each route answers, for the OpenAPI document and the response checks in tests. */
export const v1Contracts: VersionContracts = {
  "POST /auth/api-key/create": {
    summary: "Exchange the API key (header X-API-KEY) for a bearer token",
    success: {
      status: 200,
      data: z.object({ access_token: z.string(), expires_in: z.number() }),
      example: { access_token: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIn0.sig", expires_in: 3600 },
    },
    errors: [
      { status: 401, code: "unauthorized", message: "Unauthorized" },
      { status: 429, code: "too_many_requests", message: "Too many requests" },
    ],
  },
};
