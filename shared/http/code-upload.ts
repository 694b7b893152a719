import { refuse } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import type { KeyCodeUpload } from "../key-stock/key-stock-requests.js";
import { codesFromList, codesFromText, type UploadedValue } from "../key-stock/uploaded-codes.js";
import { isTextOrFileUpload } from "./middleware/json-body.js";
import { parseMultipart } from "./multipart.js";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** The field a multipart upload carries its file of codes in. */
export const CODE_FILE_FIELD = "file";

/** A text of codes as the seller's file holds it: strict UTF-8, a leading byte-order mark dropped. */
const textOf = (bytes: Buffer): string => {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    throw refuse(refusals.uploadNotText);
  }
  return text.startsWith("\uFEFF") ? text.slice(1) : text;
};

/**
 * The codes of POST /products/keys/{id}, whichever way the seller sent them: a file in a multipart body
 * (field `file`), a `text/plain` body (one code per line), or JSON `{"codes": [...]}`.
 */
export const readCodeUpload = async (request: {
  contentType: string | undefined;
  rawBody: Buffer | undefined;
  /** The JSON body, checked by the route's action; for a text or file upload, none. */
  body: KeyCodeUpload | undefined;
  maxBytes: number;
}): Promise<UploadedValue[]> => {
  const type = request.contentType?.toLowerCase() ?? "";
  if (type.startsWith("multipart/")) {
    const form = await parseMultipart(request.contentType, request.rawBody, { fileSize: request.maxBytes });
    const file = form.files[CODE_FILE_FIELD];
    if (!file) throw refuse(refusals.uploadHoldsNoCodes);
    return codesFromText(textOf(file.bytes));
  }
  if (isTextOrFileUpload(type)) return codesFromText(textOf(request.rawBody ?? Buffer.alloc(0)));
  if (request.body === undefined) throw refuse(refusals.uploadHoldsNoCodes);
  return codesFromList(request.body.codes);
};
