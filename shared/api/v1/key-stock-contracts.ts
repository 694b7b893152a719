import { worded } from "../../errors/refusal.js";
import * as refusals from "../../errors/refusals.js";
import { MAX_CODE_LENGTH, MAX_CODES_PER_UPLOAD } from "../../key-stock/key-code.js";
import { keyCodeStates } from "../../key-stock/key-code-item.js";
import { keyCodeUploadSchema, keyCodeWithdrawalSchema } from "../../key-stock/key-stock-requests.js";
import type { KeyStockService } from "../../key-stock/key-stock-service.js";
import { MAX_AVAILABLE_CODES } from "../../key-stock/key-stock-service.js";
import { CURSOR_PAGE_MAX } from "../../validation/cursor-page.js";
import * as z from "../../validation/zod-mini.js";
import { type Answer, answering } from "../answer-schema.js";
import type { GroupContracts } from "../route-contract.js";
import { ORDER_ID } from "./example-ids.js";
import { describeField, describeFields, documentRule } from "./field-descriptions.js";
import { dateTime, flag, outcome } from "./field-schemas.js";

// Uploaded key stock (extensions, #21): the seller's codes, which the marketplace delivers at payment.

// How many codes an upload holds is the service's rule for every kind of upload (JSON, text, file),
// checked once it has found the product; each code is checked and refused by its place in the list.
documentRule(keyCodeUploadSchema.shape.codes, { minItems: 1, maxItems: MAX_CODES_PER_UPLOAD });
documentRule(keyCodeUploadSchema.shape.codes.def.element, { type: "string" });
describeFields(keyCodeUploadSchema.shape, {
  codes: `The codes to add, 1 to ${MAX_CODES_PER_UPLOAD.toLocaleString("en-US")} in one upload; each is stored sealed and sold once.`,
});
describeField(
  keyCodeUploadSchema.shape.codes.def.element,
  `One code: 1 to ${MAX_CODE_LENGTH.toLocaleString("en-US")} characters after trimming, on one line, without control characters or markup. A code that breaks a rule, repeats one of the list or is held by one of the seller's products already is refused by its place in the list (refused), not the whole upload.`,
);
describeFields(keyCodeWithdrawalSchema.shape, {
  ids: `The ids of the codes to withdraw (22 characters each, as GET /products/keys/{id} lists them), 1 to ${MAX_CODES_PER_UPLOAD.toLocaleString("en-US")}; send either ids or all. An id that names no available code of the product is reported in refused.`,
  all: "true withdraws every available code of the product; send either ids or all.",
});

const counts = z
  .strictObject({
    available: z.int().check(z.describe("Codes on sale: the product's count")),
    reserved: z.int().check(z.describe("Codes held for unpaid storefront orders")),
    delivered: z.int().check(z.describe("Codes handed to paid orders")),
    withdrawn: z.int().check(z.describe("Codes the seller withdrew (deleted)")),
  })
  .check(z.describe("The product's codes by state"));

const refusedCode = z.strictObject({
  position: z
    .int()
    .check(z.describe("Where the code was: its line in a text or file, its place (from 1) in a JSON list")),
  reason: z.string().check(z.describe("Why the code was not stored, as a refusal message")),
});

const codeIdText = z
  .string()
  .check(z.describe("The code's id: 22 characters, the same for the same code of one seller"));

const uploadAnswer = answering<{ message: "Codes uploaded" } & Answer<KeyStockService["upload"]>>()(
  z
    .strictObject({
      message: outcome("Codes uploaded"),
      added: z.int().check(z.describe("Codes stored and now on sale")),
      refused: z.array(refusedCode).check(z.describe("Codes not stored, by position, with why; [] if none")),
      counts,
    })
    .check(z.describe("What the upload stored and refused, and the product's codes now")),
);

const inventoryAnswer = answering<Omit<Answer<KeyStockService["inventory"]>, "next">>()(
  z
    .strictObject({
      key_stock: flag("1 once the product sells uploaded codes; 0 before its first upload"),
      counts,
      codes: z
        .array(
          z.strictObject({
            id: codeIdText,
            end: z
              .string()
              .check(
                z.describe("The code's last 4 characters (at most half of a short code): never the code"),
              ),
            state: z
              .enum(keyCodeStates)
              .check(
                z.describe(
                  "available (on sale), reserved (held for an unpaid storefront order) or delivered (handed to a paid order)",
                ),
              ),
            uploaded_at: dateTime,
            id_order: z.optional(
              z.string().check(z.describe("The order that holds the code (reserved or delivered)")),
            ),
          }),
        )
        .check(z.describe("This page of the codes in the state asked for, newest upload first")),
    })
    .check(z.describe("The product's codes: counts by state and one page of one state")),
);

const withdrawAnswer = answering<{ message: "Codes withdrawn" } & Answer<KeyStockService["withdraw"]>>()(
  z
    .strictObject({
      message: outcome("Codes withdrawn"),
      withdrawn: z.int().check(z.describe("Codes withdrawn (deleted) by this call")),
      refused: z
        .array(
          z.strictObject({
            id: codeIdText,
            reason: z
              .string()
              .check(z.describe("Why it was not withdrawn (unknown, or no longer available), as a message")),
          }),
        )
        .check(z.describe("Ids not withdrawn, with why; [] if none")),
      counts,
    })
    .check(z.describe("What the withdrawal did, and the product's codes now")),
);

const exampleCounts = { available: 48, reserved: 1, delivered: 11, withdrawn: 0 };
const productPath = { id: "The product's id" };

/** The seller's uploaded key stock (extensions): upload, inventory, withdrawal. */
export const keyStockContracts = {
  "POST /products/keys/{id}": {
    summary: "Upload codes to a product",
    extension: true,
    description: `Adds up to ${MAX_CODES_PER_UPLOAD.toLocaleString("en-US")} codes (licence keys, logins, links) to the seller's product, which from then on sells them: its count is its available codes, a count update is refused, and each paid order gets its codes at once. Send JSON {"codes": [...]}, text/plain with one code per line, or a multipart file in the field "file" (blank lines are skipped; positions are line numbers). Each code is trimmed text of 1 to 2,000 characters, without control characters or markup. A code the upload repeats, or that one of the seller's products holds already (available, reserved or delivered), is refused by position; the rest are stored, sealed. A product holds at most ${MAX_AVAILABLE_CODES.toLocaleString("en-US")} available codes.`,
    pathParameters: productPath,
    requestExample: { codes: ["AAAAA-BBBBB-CCCCC", "DDDDD-EEEEE-FFFFF"] },
    otherBodies: [
      { contentType: "text/plain", schema: z.string().check(z.describe("One code per line")) },
      {
        contentType: "multipart/form-data",
        schema: z.object({ file: z.file().check(z.describe("A UTF-8 text file, one code per line")) }),
      },
    ],
    success: {
      status: 200,
      data: uploadAnswer,
      example: {
        message: "Codes uploaded",
        added: 1,
        refused: [{ position: 2, reason: refusals.codeHeld.message }],
        counts: { ...exampleCounts, available: 49 },
      },
    },
    errors: [
      refusals.uploadHoldsNoCodes,
      refusals.codesNotList,
      refusals.uploadNotText,
      refusals.notMultipart,
      refusals.badMultipart,
      worded(refusals.tooManyCodesInUpload, { max: MAX_CODES_PER_UPLOAD }),
      worded(refusals.keyStockFull, { max: MAX_AVAILABLE_CODES }),
      refusals.productNotOwned,
      refusals.productChanged,
    ],
  },

  "GET /products/keys/{id}": {
    summary: "See a product's codes",
    extension: true,
    description:
      "The product's codes counted by state, and one page of its codes of one state (available unless state names another), newest upload first: each by its id, its last characters, its state and, once reserved or delivered, its order. The code itself is never shown here. Without limit, 100 codes; the X-Next-Cursor header gives the next page.",
    pathParameters: productPath,
    queryParameters: {
      state: "Which codes to list: available (the default), reserved or delivered",
      limit: `Codes per page, 1 to ${CURSOR_PAGE_MAX} (default 100)`,
      cursor:
        "Where the page starts, exactly as the X-Next-Cursor response header of the previous page gave it (absent on the last page); valid only for this product, state and seller",
    },
    success: {
      status: 200,
      data: inventoryAnswer,
      example: {
        key_stock: 1,
        counts: exampleCounts,
        codes: [
          {
            id: "VPMyLAkCiMx2MYIW_K7B7w",
            end: "CCCC",
            state: "delivered",
            uploaded_at: "2025-04-01 12:58:41",
            id_order: ORDER_ID,
          },
        ],
      },
    },
    errors: [refusals.productNotOwned, refusals.invalidCursor],
  },

  "POST /products/keys/withdraw/{id}": {
    summary: "Withdraw unsold codes",
    extension: true,
    description:
      'Withdraws the product\'s available codes named by ids, or all of them ({"all": true}): each is deleted while still available, so a code a sale got first stays with its order, and is reported. A withdrawn code may be uploaded again.',
    pathParameters: productPath,
    requestExample: { ids: ["VPMyLAkCiMx2MYIW_K7B7w"] },
    success: {
      status: 200,
      data: withdrawAnswer,
      example: {
        message: "Codes withdrawn",
        withdrawn: 1,
        refused: [],
        counts: { ...exampleCounts, available: 47, withdrawn: 1 },
      },
    },
    errors: [refusals.withdrawalTarget, refusals.productNotOwned, refusals.productChanged],
  },
} satisfies GroupContracts<"v1-key-stock">;
