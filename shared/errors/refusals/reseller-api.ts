import { fixed, input, inputTemplate, notFound, template } from "./refusal-builders.js";

/** Refusals of the Reseller API (v2): purchases, Idempotency-Key, orders, chats, disputes and favorites. */

// Reseller API v2: accounts, catalogue, purchases.
export const accountNotFound = /* @__PURE__ */ notFound("Account not found");
export const blockedCategory = /* @__PURE__ */ fixed(
  "forbidden",
  "blocked_category",
  "This category is not available to resellers",
);
export const selfPurchase = /* @__PURE__ */ fixed(
  "forbidden",
  "self_purchase",
  "You cannot buy your own product",
);
export const h2hDisabled = /* @__PURE__ */ fixed(
  "forbidden",
  "h2h_disabled",
  "This product is not delivered automatically (H2H) and cannot be bought through the API",
);
export const productInactive = /* @__PURE__ */ fixed(
  "conflict",
  "product_inactive",
  "This product is not active",
);
export const giftUnavailable = /* @__PURE__ */ fixed(
  "conflict",
  "gift_unavailable",
  "This product cannot be bought as a gift",
);
export const priceChangedBuying = /* @__PURE__ */ fixed(
  "conflict",
  "price_changed",
  "The product's price changed while buying; try again",
);
export const giftQuantity = /* @__PURE__ */ inputTemplate<{ name: string }>(
  ({ name }) => `${name} must be exactly 1 for a gift`,
);
export const commentTooLong = /* @__PURE__ */ template<{ max: number }>(
  "unprocessable",
  "invalid_comment",
  ({ max }) => `Comment must be at most ${max} characters`,
);
export const commentMarkup = /* @__PURE__ */ fixed(
  "unprocessable",
  "invalid_comment",
  "Comment must not contain HTML or script",
);
export const commentControlCharacters = /* @__PURE__ */ fixed(
  "unprocessable",
  "invalid_comment",
  "Comment must not contain control characters",
);
export const commentRequired = /* @__PURE__ */ fixed(
  "unprocessable",
  "comment_required",
  "A comment is required for this product",
);
export const commentRegexMismatch = /* @__PURE__ */ fixed(
  "unprocessable",
  "comment_regex_mismatch",
  "Comment does not match the format the seller requires",
);
export const commentRating = /* @__PURE__ */ input("rating must be a whole number from 1 to 5");
export const sellerIdFormat = /* @__PURE__ */ input("seller_id must be a positive whole number");
export const productIdNotString = /* @__PURE__ */ input("product_id must be a string");
export const productIdRequired = /* @__PURE__ */ input("product_id is required");
export const productIdTooLong = /* @__PURE__ */ input("product_id must be at most 64 characters");
export const quantityAtLeastOne = /* @__PURE__ */ input("quantity must be at least 1");
export const priceRange = /* @__PURE__ */ input("max_price must not be below min_price");

// Idempotency-Key.
export const idempotencyKeyFormat = /* @__PURE__ */ fixed(
  "unprocessable",
  "invalid_request",
  "Idempotency-Key must be 1-255 visible ASCII characters",
);
export const idempotencyMismatch = /* @__PURE__ */ fixed(
  "unprocessable",
  "idempotency_mismatch",
  "This Idempotency-Key was already used with a different request",
);
export const requestInProgress = /* @__PURE__ */ fixed(
  "conflict",
  "request_in_progress",
  "A request with this Idempotency-Key is still in progress",
);

// v2 orders, chats, disputes and favorites.
export const chatNotFound = /* @__PURE__ */ notFound("Chat not found");
export const chatFull = /* @__PURE__ */ template<{ max: number }>(
  "conflict",
  "chat_full",
  ({ max }) => `Chat is full (max ${max} messages)`,
);
export const orderStatusFilter = /* @__PURE__ */ input("status must be one of paid, unpaid, dispute");
export const dateRange = /* @__PURE__ */ input("date_to must not be before date_from");
export const disputeNeedsPaidOrder = /* @__PURE__ */ fixed(
  "conflict",
  "purchase_unavailable",
  "Only a paid order can be disputed",
);
export const disputeAlreadyOpen = /* @__PURE__ */ fixed(
  "conflict",
  "purchase_unavailable",
  "A dispute is already open for this order",
);
export const noDisputeOpen = /* @__PURE__ */ fixed(
  "conflict",
  "purchase_unavailable",
  "No dispute is open for this order",
);
export const disputeLimit = /* @__PURE__ */ template<{ max: number }>(
  "conflict",
  "dispute_limit",
  ({ max }) => `This order has had ${max} disputes; no more can be opened`,
);
export const disputeAction = /* @__PURE__ */ input("action must be open or close");
export const favoritesFull = /* @__PURE__ */ template<{ max: number }>(
  "conflict",
  "favorites_full",
  ({ max }) => `At most ${max} favorites: remove one to add another`,
);
export const favoriteConflict = /* @__PURE__ */ fixed(
  "conflict",
  "favorite_conflict",
  "The favorite is being changed by other requests; try again",
);
export const favoriteAction = /* @__PURE__ */ input("action must be add, remove or toggle");

// Reviews (#25): a reseller's review of a product it bought, the seller's answer (v1) and moderation.
export const reviewEditEmpty = /* @__PURE__ */ input("Give rating, text or both");
export const reviewNotAllowed = /* @__PURE__ */ fixed(
  "conflict",
  "review_not_allowed",
  "Only a delivered order can be reviewed",
);
export const reviewExists = /* @__PURE__ */ fixed(
  "conflict",
  "review_exists",
  "You have already reviewed this product: edit or remove that review",
);
/** A review that is not there, or not the caller's to see (v2 the author's, v1 one of the seller's products). */
export const reviewNotFound = /* @__PURE__ */ fixed("not_found", "review_not_found", "Review not found");
export const reviewChanged = /* @__PURE__ */ fixed(
  "conflict",
  "review_changed",
  "The review was changed by another request; try again",
);
