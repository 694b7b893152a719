import { createTokenExchange } from "../auth/token-exchange.js";
import { accountStore } from "./account-store.js";
import { accessTokens } from "./service-keys.js";

/** API key → access token (the auth groups' whole root: the table and the signing key). */
export const tokenExchange = () => createTokenExchange({ store: accountStore(), tokens: accessTokens });
