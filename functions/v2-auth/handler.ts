import { header } from "../../shared/http/api-request.js";
import { createGroupHandler, defineAction } from "../../shared/http/group-handler.js";
import { tokenExchange } from "../../shared/runtime/auth.js";
import { accessTokens } from "../../shared/runtime/service-keys.js";

/** Reseller API v2 token exchange; also answers unknown /api/v2 paths with an in-envelope 404. */
export const handler = createGroupHandler(
  "v2-auth",
  {
    "POST /auth/api-key/create": defineAction({
      handle: async ({ event }) => {
        const token = await tokenExchange().exchange(
          header(event, "x-api-key"),
          "v2",
          event.requestContext.http.sourceIp,
        );
        return {
          data: { access_token: token.accessToken, token_type: "Bearer", expires_in: token.expiresIn },
        };
      },
    }),
  },
  accessTokens,
);
