import { header } from "../../shared/http/api-request.js";
import { CODE_UPLOAD_BODY_LIMIT_BYTES } from "../../shared/http/body-limits.js";
import { readCodeUpload } from "../../shared/http/code-upload.js";
import { createGroupHandler, defineAction } from "../../shared/http/group-handler.js";
import { callerId, pathParameter } from "../../shared/http/principal.js";
import {
  keyCodeInventoryQuerySchema,
  keyCodeUploadSchema,
  keyCodeWithdrawalSchema,
} from "../../shared/key-stock/key-stock-requests.js";
import { keyStockService } from "../../shared/runtime/key-stock.js";
import { tokenVerifier } from "../../shared/runtime/service-keys.js";
import { nextPageHeaders } from "../../shared/validation/cursor-page.js";

/** Seller API v1 extensions: a product's uploaded key stock (upload, inventory, withdrawal). */
export const handler = createGroupHandler(
  "v1-key-stock",
  {
    "POST /products/keys/{id}": defineAction({
      body: keyCodeUploadSchema,
      readsTextAndFiles: true,
      maxBodyBytes: CODE_UPLOAD_BODY_LIMIT_BYTES,
      handle: async (request) => {
        const codes = await readCodeUpload({
          contentType: header(request.event, "content-type"),
          rawBody: request.rawBody,
          body: request.body,
          maxBytes: CODE_UPLOAD_BODY_LIMIT_BYTES,
        });
        const result = await keyStockService().upload(callerId(request), pathParameter(request, "id"), codes);
        return { data: { message: "Codes uploaded", ...result } };
      },
    }),
    "GET /products/keys/{id}": defineAction({
      query: keyCodeInventoryQuerySchema,
      handle: async (request) => {
        const { next, ...inventory } = await keyStockService().inventory(
          callerId(request),
          pathParameter(request, "id"),
          request.query,
        );
        return { data: inventory, headers: nextPageHeaders(next) };
      },
    }),
    "POST /products/keys/withdraw/{id}": defineAction({
      body: keyCodeWithdrawalSchema,
      handle: async (request) => {
        const result = await keyStockService().withdraw(
          callerId(request),
          pathParameter(request, "id"),
          request.body,
        );
        return { data: { message: "Codes withdrawn", ...result } };
      },
    }),
  },
  tokenVerifier,
);
