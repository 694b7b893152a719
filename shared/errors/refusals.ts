import { DomainError, type ErrorKind } from "./domain-error.js";

/**
 * The refusal catalogue: every refusal the service answers, declared once with its kind (which
 * `shared/http/envelopes.ts` turns into each version's status), its v2 code and its message. Services
 * throw entries of it (`refuse`), schemas take their messages from it, and the contracts of
 * `shared/api/` cite the same entries, so a message is written in exactly one place and a misspelt
 * refusal does not compile. `spec` marks wording the spec defines: a test holds it to the spec's words.
 */
export interface Refusal {
  readonly kind: ErrorKind;
  /** The v2 `code` (v1 answers carry only the message). */
  readonly code: string;
  readonly message: string;
  readonly spec?: true;
}

/** A refusal whose message names values (a limit, a field, an id): worded with `worded`. */
export interface RefusalTemplate<P> {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly message: (params: P) => string;
  readonly spec?: true;
}

const fixed = (kind: ErrorKind, code: string, message: string, spec?: "spec"): Refusal =>
  spec ? { kind, code, message, spec: true } : { kind, code, message };

const template = <P>(
  kind: ErrorKind,
  code: string,
  message: (params: P) => string,
  spec?: "spec",
): RefusalTemplate<P> => (spec ? { kind, code, message, spec: true } : { kind, code, message });

/** A schema failure's message: 400 in v1 and 422 in v2, code `invalid_request`. */
const input = (message: string, spec?: "spec") => fixed("invalid_input", "invalid_request", message, spec);
const inputTemplate = <P>(message: (params: P) => string, spec?: "spec") =>
  template("invalid_input", "invalid_request", message, spec);
const badRequest = (message: string, spec?: "spec") => fixed("bad_request", "invalid_request", message, spec);
const notFound = (message: string, spec?: "spec") => fixed("not_found", "not_found", message, spec);
const conflict = (message: string, spec?: "spec") => fixed("conflict", "conflict", message, spec);

/** A field or parameter named in a message, with the noun the validator uses for it. */
interface Named {
  readonly noun?: "Field" | "Parameter";
  readonly field: string;
}
const named = ({ noun = "Field", field }: Named) => `${noun} '${field}'`;

const formatBytes = (bytes: number): string =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;

/** Stock refusals of the storefront and of v2. */
const insufficientStock = fixed("conflict", "insufficient_stock", "Insufficient stock");
const insufficientBalance = fixed("conflict", "insufficient_balance", "Insufficient balance", "spec");

export const refusals = {
  // The request pipeline: credentials, bodies, unknown routes and unexpected failures.
  unauthorized: fixed("unauthenticated", "unauthorized", "Unauthorized", "spec"),
  invalidSignature: fixed("unauthenticated", "invalid_signature", "Invalid signature"),
  tooManyRequests: fixed("rate_limited", "too_many_requests", "Too many requests"),
  invalidJson: badRequest("Invalid JSON", "spec"),
  jsonTooDeep: template<{ levels: number }>(
    "bad_request",
    "invalid_request",
    ({ levels }) => `Invalid JSON: nested deeper than ${levels} levels`,
  ),
  payloadTooLarge: template<{ limitBytes: number }>(
    "payload_too_large",
    "payload_too_large",
    ({ limitBytes }) => `Request body too large (max ${formatBytes(limitBytes)})`,
  ),
  notMultipart: badRequest("Expected a multipart/form-data body"),
  badMultipart: badRequest("Invalid multipart body"),
  routeNotFound: notFound("Not found"),
  notImplemented: fixed("not_implemented", "not_implemented", "Not implemented"),
  internalError: template<{ requestId: string }>(
    "internal",
    "internal_error",
    ({ requestId }) => `Internal server error (request id ${requestId})`,
  ),
  responseTooLarge: fixed(
    "unprocessable",
    "response_too_large",
    "Answer too large for one response: accept gzip (Accept-Encoding: gzip) or read it in pages with limit and cursor",
  ),

  // Schema failures the validator words itself, and the field rules every text field shares.
  invalidRequest: input("Invalid request"),
  notJsonObject: input("Request body must be a JSON object"),
  fieldRequired: inputTemplate<Named>((field) => `${named(field)} is required`, "spec"),
  fieldNotAllowed: inputTemplate<Named>((field) => `${named(field)} is not allowed`, "spec"),
  fieldNotString: inputTemplate<Named>((field) => `${named(field)} must be a string`),
  fieldEmpty: inputTemplate<Named>((field) => `${named(field)} must not be empty`),
  fieldTooShort: inputTemplate<Named & { min: number }>(
    (field) => `${named(field)} must be at least ${field.min} characters`,
  ),
  fieldTooLong: inputTemplate<Named & { max: number }>(
    (field) => `${named(field)} must be at most ${field.max} characters`,
  ),
  fieldNotUnicode: inputTemplate<Named>((field) => `${named(field)} must be valid Unicode text`),
  fieldControlCharacters: inputTemplate<Named>(
    (field) => `${named(field)} must not contain control characters`,
  ),
  fieldMarkup: inputTemplate<Named>((field) => `${named(field)} must not contain HTML tags`),
  fieldWhitespace: inputTemplate<Named>((field) => `${named(field)} must not be only whitespace`),
  fieldTooFewValues: inputTemplate<Named & { min: number }>((field) =>
    field.min === 1
      ? `${named(field)} must list at least one comma-separated value`
      : `${named(field)} must list at least ${field.min} comma-separated values`,
  ),
  wholeNumber: inputTemplate<{ name: string; min: number; max: number }>(
    ({ name, min, max }) => `${name} must be a whole number from ${min} to ${max}`,
  ),
  calendarDay: inputTemplate<{ name: string }>(({ name }) => `${name} must be a date in the form YYYY-MM-DD`),

  // Lists: pages, cursors and whole histories.
  invalidPagination: badRequest("Invalid pagination parameters", "spec"),
  invalidCursor: badRequest("Invalid cursor"),
  pageWindow: inputTemplate<{ max: number }>(({ max }) => `page × limit must not exceed ${max}`),
  searchWindow: inputTemplate<{ max: number }>(
    ({ max }) => `page × limit must not exceed ${max}; narrow the search instead`,
  ),
  filterWindow: inputTemplate<{ max: number }>(
    ({ max }) => `page × limit must not exceed ${max}; narrow the filters instead`,
  ),
  historyTooLarge: template<{ max: number; noun: string }>(
    "unprocessable",
    "history_too_large",
    ({ max, noun }) => `More than ${max} ${noun}: read them in pages with limit and cursor`,
  ),

  // Images.
  imageRequired: badRequest("Image file required", "spec"),
  imageTooLarge: badRequest("Image too large (max 4 MB)"),
  imageFormat: badRequest("Invalid image format", "spec"),
  uploadFailed: fixed("dependency_failed", "upload_failed", "Upload failed", "spec"),

  // A seller's products (v1).
  productNotFound: notFound("Product not found", "spec"),
  productNotOwned: notFound("Product not found or access denied", "spec"),
  accessDenied: fixed("forbidden", "forbidden", "Access denied", "spec"),
  deleteDenied: fixed("forbidden", "forbidden", "Delete failed or access denied", "spec"),
  productNameTaken: conflict("Product with this name already exists"),
  productUuidTaken: conflict("Product with this UUID already exists", "spec"),
  uuidTaken: conflict("UUID already exists", "spec"),
  invalidCategoryId: badRequest("Invalid category id", "spec"),
  noFieldsToUpdate: badRequest("No fields to update", "spec"),
  productChanged: conflict("Product was changed by another request; try again"),
  alreadyUnderModeration: conflict("Product is already under moderation", "spec"),
  moderationNeedsImage: badRequest("Product image required: upload one with POST /products/img"),
  categoriesNotFound: notFound("Categories not found", "spec"),
  invalidPrice: input("Invalid price", "spec"),
  invalidCount: inputTemplate<{ max: number }>(
    ({ max }) => `Invalid count: must be a whole number from 0 to ${max}`,
  ),
  invalidDiscount: input("Invalid discount: must be a whole percentage from 0 to 99"),
  productNameLength: input("Name must be between 3 and 255 characters"),

  // A seller's account and profile (v1).
  sellerNotFound: notFound("Seller not found", "spec"),
  sellerNameLength: input("Name must be between 3 and 100 characters", "spec"),
  sellerNameControlCharacters: input("Name must not contain control characters"),
  sellerNameSymbols: input("Name must not contain any of < > \" ' ` ; & { }"),
  descriptionTooShort: input("Description too short (min 10)", "spec"),
  descriptionTooLong: input("Description too long (max 1000)"),
  descriptionControlCharacters: input("Description must not contain control characters"),
  invalidApiUrl: input("Invalid API URL", "spec"),
  noValidData: badRequest("No valid data to update", "spec"),
  profileNotUpdated: notFound("Profile not updated", "spec"),
  noApiUrl: conflict("No api_url is set: set one with POST /seller/profile"),

  // Orders, delivery and the storefront.
  orderNotFound: notFound("Order not found", "spec"),
  sellerOrderNotFound: notFound("Order not found or access denied", "spec"),
  orderAlreadyDelivered: conflict("Order already delivered", "spec"),
  invalidDownloadUrl: fixed("unprocessable", "invalid_request", "Invalid download URL", "spec"),
  orderNotPaid: conflict("Order is not paid"),
  deliveryUrlGone: conflict("Delivery URL no longer available"),
  productNotForSale: template<{ productId: string }>(
    "not_found",
    "product_inactive",
    ({ productId }) => `Product ${productId} is not for sale`,
  ),
  insufficientStock,
  priceChangedOrdering: conflict("The product's price changed while ordering; try again"),

  // Payouts.
  invalidOtp: fixed("bad_request", "invalid_otp", "Invalid OTP code", "spec"),
  payoutsLocked: fixed(
    "rate_limited",
    "payouts_locked",
    "Too many invalid codes: payouts are locked for 15 minutes",
  ),
  insufficientBalance,
  invalidWallet: input("Invalid wallet"),
  payoutAmount: input("Amount must be a whole number from 1000 to 1000000"),
  paymentSystem: input("Payment system must be one of usdt, card, payment_account"),
  invalidCard: badRequest("Invalid card number: 16-19 digits with a valid checksum"),
  invalidUsdtWallet: badRequest("Invalid USDT wallet: a TRC-20 (T…) or ERC-20 (0x…) address"),
  invalidPaymentAccount: badRequest("Invalid payment account: 20 digits"),

  // Reseller API v2: accounts, catalogue, purchases.
  accountNotFound: notFound("Account not found"),
  blockedCategory: fixed("forbidden", "blocked_category", "This category is not available to resellers"),
  selfPurchase: fixed("forbidden", "self_purchase", "You cannot buy your own product"),
  h2hDisabled: fixed(
    "forbidden",
    "h2h_disabled",
    "This product is not delivered automatically (H2H) and cannot be bought through the API",
  ),
  productInactive: fixed("conflict", "product_inactive", "This product is not active"),
  giftUnavailable: fixed("conflict", "gift_unavailable", "This product cannot be bought as a gift"),
  priceChangedBuying: fixed(
    "conflict",
    "price_changed",
    "The product's price changed while buying; try again",
  ),
  giftQuantity: inputTemplate<{ name: string }>(({ name }) => `${name} must be exactly 1 for a gift`),
  commentTooLong: template<{ max: number }>(
    "unprocessable",
    "invalid_comment",
    ({ max }) => `Comment must be at most ${max} characters`,
  ),
  commentMarkup: fixed("unprocessable", "invalid_comment", "Comment must not contain HTML or script"),
  commentControlCharacters: fixed(
    "unprocessable",
    "invalid_comment",
    "Comment must not contain control characters",
  ),
  commentRequired: fixed("unprocessable", "comment_required", "A comment is required for this product"),
  commentRegexMismatch: fixed(
    "unprocessable",
    "comment_regex_mismatch",
    "Comment does not match the format the seller requires",
  ),
  commentRating: input("rating must be a whole number from 1 to 5"),
  sellerIdFormat: input("seller_id must be a positive whole number"),
  productIdNotString: input("product_id must be a string"),
  productIdRequired: input("product_id is required"),
  productIdTooLong: input("product_id must be at most 64 characters"),
  quantityAtLeastOne: input("quantity must be at least 1"),
  priceRange: input("max_price must not be below min_price"),

  // Idempotency-Key.
  idempotencyKeyFormat: fixed(
    "unprocessable",
    "invalid_request",
    "Idempotency-Key must be 1-255 visible ASCII characters",
  ),
  idempotencyMismatch: fixed(
    "unprocessable",
    "idempotency_mismatch",
    "This Idempotency-Key was already used with a different request",
  ),
  requestInProgress: fixed(
    "conflict",
    "request_in_progress",
    "A request with this Idempotency-Key is still in progress",
  ),

  // v2 orders, chats, disputes and favorites.
  chatNotFound: notFound("Chat not found"),
  chatFull: template<{ max: number }>(
    "conflict",
    "chat_full",
    ({ max }) => `Chat is full (max ${max} messages)`,
  ),
  orderStatusFilter: input("status must be one of paid, unpaid, dispute"),
  dateRange: input("date_to must not be before date_from"),
  disputeNeedsPaidOrder: fixed("conflict", "purchase_unavailable", "Only a paid order can be disputed"),
  disputeAlreadyOpen: fixed("conflict", "purchase_unavailable", "A dispute is already open for this order"),
  noDisputeOpen: fixed("conflict", "purchase_unavailable", "No dispute is open for this order"),
  disputeLimit: template<{ max: number }>(
    "conflict",
    "dispute_limit",
    ({ max }) => `This order has had ${max} disputes; no more can be opened`,
  ),
  disputeAction: input("action must be open or close"),
  favoritesFull: template<{ max: number }>(
    "conflict",
    "favorites_full",
    ({ max }) => `At most ${max} favorites: remove one to add another`,
  ),
  favoriteConflict: fixed(
    "conflict",
    "favorite_conflict",
    "The favorite is being changed by other requests; try again",
  ),
  favoriteAction: input("action must be add, remove or toggle"),

  // The operator's commands (ops CLI): by id, so they name what they refuse.
  productIdNotFound: template<{ productId: string }>(
    "not_found",
    "not_found",
    ({ productId }) => `Product ${productId} not found`,
  ),
  productChangedMeanwhile: template<{ productId: string }>(
    "conflict",
    "conflict",
    ({ productId }) => `Product ${productId} was changed meanwhile; try again`,
  ),
  productNotPending: template<{ productId: string }>(
    "conflict",
    "conflict",
    ({ productId }) => `Product ${productId} is not pending moderation`,
  ),
  productWithoutImage: template<{ productId: string }>(
    "conflict",
    "conflict",
    ({ productId }) => `Product ${productId} has no image and cannot be approved`,
  ),
  rejectionReason: badRequest("reason must be 1-1000 characters"),
  noFlagToSet: badRequest("no flag to set"),
  categoryExists: template<{ categoryId: number }>(
    "conflict",
    "conflict",
    ({ categoryId }) => `Category ${categoryId} already exists`,
  ),
  sellerIdNotFound: template<{ sellerId: number }>(
    "not_found",
    "not_found",
    ({ sellerId }) => `Seller ${sellerId} not found`,
  ),
  sellerKeptChanging: template<{ sellerId: number }>(
    "conflict",
    "conflict",
    ({ sellerId }) => `Seller ${sellerId} kept changing; try again`,
  ),
  creditAmount: badRequest("amount must be a whole number from 1 to 100000000"),
  orderIdNotFound: template<{ orderId: string }>(
    "not_found",
    "not_found",
    ({ orderId }) => `Order ${orderId} not found`,
  ),
  orderIdUnsignable: template<{ orderId: string }>(
    "not_found",
    "not_found",
    ({ orderId }) => `Order ${orderId} not found; give --amount to sign for it anyway`,
  ),
  orderIdNotPaid: template<{ orderId: string }>(
    "conflict",
    "conflict",
    ({ orderId }) => `Order ${orderId} is not paid`,
  ),
  webhookAlreadyDelivered: template<{ orderId: string }>(
    "conflict",
    "conflict",
    ({ orderId }) => `Order ${orderId}'s webhook was already delivered`,
  ),
  webhookEventExpired: template<{ orderId: string }>(
    "conflict",
    "conflict",
    ({ orderId }) =>
      `Order ${orderId}'s webhook event has expired from the outbox; contact the seller directly`,
  ),
  payoutIdNotFound: template<{ payoutId: string }>(
    "not_found",
    "not_found",
    ({ payoutId }) => `Payout ${payoutId} not found`,
  ),
  payoutNotWaiting: template<{ payoutId: string }>(
    "conflict",
    "conflict",
    ({ payoutId }) => `Payout ${payoutId} is not waiting`,
  ),

  // Payments: the provider's callback and the operator's refunds.
  alreadyPaid: template<{ orderId: string }>(
    "conflict",
    "already_paid",
    ({ orderId }) => `Order ${orderId} is already paid by another payment`,
  ),
  amountMismatch: template<{
    amount: number;
    currency: string;
    orderId: string;
    orderAmount: number;
    orderCurrency: string;
  }>(
    "conflict",
    "amount_mismatch",
    (p) =>
      `Payment of ${p.amount} ${p.currency} does not match the amount of order ${p.orderId} (${p.orderAmount} ${p.orderCurrency})`,
  ),
  alreadyRefunded: template<{ paymentId: string; orderId: string }>(
    "conflict",
    "already_refunded",
    ({ paymentId, orderId }) => `Payment ${paymentId} of order ${orderId} is already refunded`,
  ),
  noSuchUnappliedPayment: template<{ orderId: string; paymentId: string }>(
    "not_found",
    "not_found",
    ({ orderId, paymentId }) => `Order ${orderId} has no unapplied payment ${paymentId}`,
  ),
  manyRefundsDue: template<{ orderId: string; due: number; paymentIds: string }>(
    "bad_request",
    "invalid_request",
    ({ orderId, due, paymentIds }) =>
      `Order ${orderId} has ${due} payments due for refund; name one with --payment-id: ${paymentIds}`,
  ),
  noPaymentToRefund: template<{ orderId: string }>(
    "not_found",
    "not_found",
    ({ orderId }) => `Order ${orderId} has no payment to refund`,
  ),
} as const;

/** Extras a refusal may carry: structured details (v2 `error.details`) and a Retry-After. */
export interface RefusalExtras {
  readonly details?: Record<string, unknown>;
  readonly retryAfterSeconds?: number;
}

/** The error a service throws for a refusal of the catalogue. */
export const refuse = (refusal: Refusal, extras: RefusalExtras = {}): DomainError =>
  new DomainError(refusal.kind, refusal.code, refusal.message, extras.details, extras.retryAfterSeconds);

/** One wording of a template refusal: what a service throws and a contract cites. */
export const worded = <P>(refusal: RefusalTemplate<P>, params: P): Refusal =>
  refusal.spec
    ? { kind: refusal.kind, code: refusal.code, message: refusal.message(params), spec: true }
    : { kind: refusal.kind, code: refusal.code, message: refusal.message(params) };
