import { badRequest, fixed, input, inputTemplate, notFound, template } from "./refusal-builders.js";

/** Refusals of any request: the pipeline's, schema failures and their shared field rules, lists, images. */

/** A field or parameter named in a message, with the noun the validator uses for it. */
interface Named {
  readonly noun?: "Field" | "Parameter";
  readonly field: string;
}
const named = ({ noun = "Field", field }: Named) => `${noun} '${field}'`;

// The request pipeline: credentials, bodies, unknown routes and unexpected failures.
export const unauthorized = /* @__PURE__ */ fixed("unauthenticated", "unauthorized", "Unauthorized", "spec");
export const invalidSignature = /* @__PURE__ */ fixed(
  "unauthenticated",
  "invalid_signature",
  "Invalid signature",
);
export const tooManyRequests = /* @__PURE__ */ fixed(
  "rate_limited",
  "too_many_requests",
  "Too many requests",
);
export const invalidJson = /* @__PURE__ */ badRequest("Invalid JSON", "spec");
export const jsonTooDeep = /* @__PURE__ */ template<{ levels: number }>(
  "bad_request",
  "invalid_request",
  ({ levels }) => `Invalid JSON: nested deeper than ${levels} levels`,
);
export const payloadTooLarge = /* @__PURE__ */ template<{ limit: string }>(
  "payload_too_large",
  "payload_too_large",
  ({ limit }) => `Request body too large (max ${limit})`,
);
export const notMultipart = /* @__PURE__ */ badRequest("Expected a multipart/form-data body");
export const badMultipart = /* @__PURE__ */ badRequest("Invalid multipart body");
export const routeNotFound = /* @__PURE__ */ notFound("Not found");
export const notImplemented = /* @__PURE__ */ fixed("not_implemented", "not_implemented", "Not implemented");
export const internalError = /* @__PURE__ */ template<{ requestId: string }>(
  "internal",
  "internal_error",
  ({ requestId }) => `Internal server error (request id ${requestId})`,
);
export const responseTooLarge = /* @__PURE__ */ fixed(
  "unprocessable",
  "response_too_large",
  "Answer too large for one response: accept gzip (Accept-Encoding: gzip) or read it in pages with limit and cursor",
);

// Schema failures the validator words itself, and the field rules every text field shares.
export const invalidRequest = /* @__PURE__ */ input("Invalid request");
export const notJsonObject = /* @__PURE__ */ input("Request body must be a JSON object");
export const fieldRequired = /* @__PURE__ */ inputTemplate<Named>(
  (field) => `${named(field)} is required`,
  "spec",
);
export const fieldNotAllowed = /* @__PURE__ */ inputTemplate<Named>(
  (field) => `${named(field)} is not allowed`,
  "spec",
);
export const fieldNotString = /* @__PURE__ */ inputTemplate<Named>(
  (field) => `${named(field)} must be a string`,
);
export const fieldEmpty = /* @__PURE__ */ inputTemplate<Named>(
  (field) => `${named(field)} must not be empty`,
);
export const fieldTooShort = /* @__PURE__ */ inputTemplate<Named & { min: number }>(
  (field) => `${named(field)} must be at least ${field.min} characters`,
);
export const fieldTooLong = /* @__PURE__ */ inputTemplate<Named & { max: number }>(
  (field) => `${named(field)} must be at most ${field.max} characters`,
);
export const fieldNotUnicode = /* @__PURE__ */ inputTemplate<Named>(
  (field) => `${named(field)} must be valid Unicode text`,
);
export const fieldControlCharacters = /* @__PURE__ */ inputTemplate<Named>(
  (field) => `${named(field)} must not contain control characters`,
);
export const fieldMarkup = /* @__PURE__ */ inputTemplate<Named>(
  (field) => `${named(field)} must not contain HTML tags`,
);
export const fieldWhitespace = /* @__PURE__ */ inputTemplate<Named>(
  (field) => `${named(field)} must not be only whitespace`,
);
export const fieldTooFewValues = /* @__PURE__ */ inputTemplate<Named & { min: number }>((field) =>
  field.min === 1
    ? `${named(field)} must list at least one comma-separated value`
    : `${named(field)} must list at least ${field.min} comma-separated values`,
);
export const wholeNumber = /* @__PURE__ */ inputTemplate<{ name: string; min: number; max: number }>(
  ({ name, min, max }) => `${name} must be a whole number from ${min} to ${max}`,
);
export const calendarDay = /* @__PURE__ */ inputTemplate<{ name: string }>(
  ({ name }) => `${name} must be a date in the form YYYY-MM-DD`,
);

// Lists: pages, cursors and whole histories.
export const invalidPagination = /* @__PURE__ */ badRequest("Invalid pagination parameters", "spec");
export const invalidCursor = /* @__PURE__ */ badRequest("Invalid cursor");
export const pageWindow = /* @__PURE__ */ inputTemplate<{ max: number }>(
  ({ max }) => `page × limit must not exceed ${max}`,
);
export const searchWindow = /* @__PURE__ */ inputTemplate<{ max: number }>(
  ({ max }) => `page × limit must not exceed ${max}; narrow the search instead`,
);
export const filterWindow = /* @__PURE__ */ inputTemplate<{ max: number }>(
  ({ max }) => `page × limit must not exceed ${max}; narrow the filters instead`,
);
export const historyTooLarge = /* @__PURE__ */ template<{ max: number; noun: string }>(
  "unprocessable",
  "history_too_large",
  ({ max, noun }) => `More than ${max} ${noun}: read them in pages with limit and cursor`,
);

// Images.
export const imageRequired = /* @__PURE__ */ badRequest("Image file required", "spec");
export const imageTooLarge = /* @__PURE__ */ badRequest("Image too large (max 4 MB)");
export const imageFormat = /* @__PURE__ */ badRequest("Invalid image format", "spec");
export const uploadFailed = /* @__PURE__ */ fixed(
  "dependency_failed",
  "upload_failed",
  "Upload failed",
  "spec",
);
