import type { CreatedAccount } from "../../shared/accounts/account-service.js";
import { accountService } from "../../shared/runtime/dependencies.js";
import { request } from "./http.js";
import { watchAccount } from "./leak-scan.js";

let counter = 0;

/** Creates a fresh seller account in the stack under test, through the same service as the ops CLI. */
export const createTestAccount = async (name?: string): Promise<CreatedAccount> => {
  counter += 1;
  return accountService()
    .create({
      name: name ?? `Test Store ${process.pid}-${counter}`,
      email: `seller${process.pid}-${counter}@example.com`,
    })
    .then(watchAccount);
};

/** Exchanges an API key for a token of one version over HTTP; fails the test if the exchange fails. */
export const tokenFor = async (apiKey: string, version: "v1" | "v2"): Promise<string> => {
  const response = await request("POST", `/api/${version}/auth/api-key/create`, {
    headers: { "X-API-KEY": apiKey },
  });
  const body = response.body as { data?: { access_token?: string } };
  const token = body.data?.access_token;
  if (response.status !== 200 || !token)
    throw new Error(`token exchange failed: ${response.status} ${response.text}`);
  return token;
};
