import { header } from "../../shared/http/api-request.js";
import { createGroupHandler, defineAction } from "../../shared/http/group-handler.js";
import { callerId } from "../../shared/http/principal.js";
import { buyBodySchema, giftBodySchema } from "../../shared/purchases/purchase-body.js";
import type { PurchaseAnswer } from "../../shared/purchases/purchase-service.js";
import { balanceView, purchaseService } from "../../shared/runtime/purchases.js";
import { tokenVerifier } from "../../shared/runtime/service-keys.js";

/** 201 with the purchase; a replay of an earlier Idempotency-Key says so in a header (as Stripe does). */
const created = <T>(answer: PurchaseAnswer<T>) => ({
  status: 201,
  data: answer.data,
  ...(answer.replayed ? { headers: { "idempotent-replayed": "true" } } : {}),
});

/** Reseller API v2: the balance, buying from it and buying gifts. */
export const handler = createGroupHandler(
  "v2-purchases",
  {
    "GET /balance": defineAction({
      handle: async (request) => ({ data: await balanceView().balance(callerId(request)) }),
    }),
    "POST /buy": defineAction({
      body: buyBodySchema,
      handle: async (request) =>
        created(
          await purchaseService().buy(
            callerId(request),
            request.body,
            header(request.event, "idempotency-key"),
          ),
        ),
    }),
    "POST /gift": defineAction({
      body: giftBodySchema,
      handle: async (request) =>
        created(
          await purchaseService().gift(
            callerId(request),
            request.body,
            header(request.event, "idempotency-key"),
          ),
        ),
    }),
  },
  tokenVerifier,
);
