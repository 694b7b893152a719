import { header } from "../../shared/http/api-request.js";
import { createGroupHandler, defineAction } from "../../shared/http/group-handler.js";
import { tokenExchange } from "../../shared/runtime/auth.js";
import { accessTokens } from "../../shared/runtime/service-keys.js";

/** Seller API v1 token exchange; also answers unknown /api/v1 paths with an in-envelope 404. */
export const handler = createGroupHandler(
  "v1-auth",
  {
    "POST /auth/api-key/create": defineAction({
      handle: async ({ event }) => {
        const token = await tokenExchange().exchange(
          header(event, "x-api-key"),
          "v1",
          event.requestContext.http.sourceIp,
        );
        return { data: { access_token: token.accessToken, expires_in: token.expiresIn } };
      },
    }),
  },
  accessTokens,
);
