import { MAX_RESULT_WINDOW } from "../catalogue/search-query.js";
import { WHOLE_HISTORY_MAX } from "../lists/seller-history.js";
import { CURSOR_PAGE_MAX } from "../validation/cursor-page.js";
import type { DocumentedError } from "./route-contract.js";

/** Refusals shared by several routes, worded as the services word them. */
export const refusals = {
  badRequest: (message: string): DocumentedError => ({ status: 400, code: "invalid_request", message }),
  notFound: (message: string): DocumentedError => ({ status: 404, code: "not_found", message }),
  forbidden: (message: string): DocumentedError => ({ status: 403, code: "forbidden", message }),
  conflict: (message: string): DocumentedError => ({ status: 409, code: "conflict", message }),
  notJsonObject: { status: 400, code: "invalid_request", message: "Request body must be a JSON object" },
  changedMeanwhile: {
    status: 409,
    code: "conflict",
    message: "Product was changed by another request; try again",
  },
  invalidCursor: { status: 400, code: "invalid_request", message: "Invalid cursor" },
  cursorLimit: {
    status: 400,
    code: "invalid_request",
    message: `limit must be a whole number from 1 to ${CURSOR_PAGE_MAX}`,
  },
  historyTooLarge: (noun: string): DocumentedError => ({
    status: 422,
    code: "history_too_large",
    message: `More than ${WHOLE_HISTORY_MAX} ${noun}: read them in pages with limit and cursor`,
  }),
  answerTooLarge: {
    status: 422,
    code: "response_too_large",
    message:
      "Answer too large for one response: accept gzip (Accept-Encoding: gzip) or read it in pages with limit and cursor",
  },
  pageNumber: {
    status: 400,
    code: "invalid_request",
    message: "page must be a whole number from 1 to 10000",
  },
  pageLimit: { status: 400, code: "invalid_request", message: "limit must be a whole number from 1 to 100" },
  pageWindow: {
    status: 400,
    code: "invalid_request",
    message: `page × limit must not exceed ${MAX_RESULT_WINDOW}`,
  },
  sellersOrder: { status: 404, code: "not_found", message: "Order not found or access denied" },
  sellerNotFound: { status: 404, code: "not_found", message: "Seller not found" },
  notMultipart: { status: 400, code: "invalid_request", message: "Expected a multipart/form-data body" },
  badMultipart: { status: 400, code: "invalid_request", message: "Invalid multipart body" },
  imageRequired: { status: 400, code: "invalid_request", message: "Image file required" },
  imageTooLarge: { status: 400, code: "invalid_request", message: "Image too large (max 4 MB)" },
  imageFormat: { status: 400, code: "invalid_request", message: "Invalid image format" },
  uploadFailed: { status: 500, code: "upload_failed", message: "Upload failed" },
} satisfies Record<string, DocumentedError | ((message: string) => DocumentedError)>;
