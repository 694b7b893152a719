import { createGroupHandler } from "../../shared/http/group-handler.js";
import { accessTokens } from "../../shared/runtime/dependencies.js";

/** Endpoint group v2-favorites: routes are authenticated and answer 501 until their capability ships. */
export const handler = createGroupHandler("v2-favorites", {}, accessTokens);
