import { createTokenExchange } from "../auth/token-exchange.js";
import { accessTokens } from "./service-keys.js";
import { accountStore } from "./table.js";

/** API key → access token (the auth groups' whole root: the table and the signing key). */
export const tokenExchange = () => createTokenExchange({ store: accountStore(), tokens: accessTokens });
