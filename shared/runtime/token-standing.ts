import { createAccountStandingRepository } from "../accounts/account-standing-repository.js";
import type { TokenStandingCheck } from "../auth/access-tokens.js";
import { createTokenStanding, tokenStatusCacheSeconds } from "../auth/token-standing.js";
import { optionalEnv } from "../config/environment.js";
import { tableClient, tableName } from "./table.js";

let check: TokenStandingCheck | undefined;

/**
 * Whether an account still honours a signed token: one projected GetItem of the account, remembered
 * per container for TOKEN_STATUS_CACHE_SECONDS (10 by default). Built on the first token checked.
 */
export const tokenStanding: TokenStandingCheck = (claims) => {
  check ??= createTokenStanding({
    find: createAccountStandingRepository(tableClient(), tableName()).find,
    cacheSeconds: tokenStatusCacheSeconds(optionalEnv("TOKEN_STATUS_CACHE_SECONDS")),
  });
  return check(claims);
};
