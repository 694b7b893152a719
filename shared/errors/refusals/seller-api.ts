import { badRequest, conflict, fixed, input, inputTemplate, notFound, template } from "./refusal-builders.js";

/** Refusals of the Seller API (v1): products, the seller's account and profile, orders and delivery, payouts. */

/** Stock refusals of the storefront and of v2. */
export const insufficientStock = /* @__PURE__ */ fixed(
  "conflict",
  "insufficient_stock",
  "Insufficient stock",
);
export const insufficientBalance = /* @__PURE__ */ fixed(
  "conflict",
  "insufficient_balance",
  "Insufficient balance",
  "spec",
);

// A seller's products (v1).
export const productNotFound = /* @__PURE__ */ notFound("Product not found", "spec");
export const productNotOwned = /* @__PURE__ */ notFound("Product not found or access denied", "spec");
export const accessDenied = /* @__PURE__ */ fixed("forbidden", "forbidden", "Access denied", "spec");
export const deleteDenied = /* @__PURE__ */ fixed(
  "forbidden",
  "forbidden",
  "Delete failed or access denied",
  "spec",
);
export const productNameTaken = /* @__PURE__ */ conflict("Product with this name already exists");
export const productUuidTaken = /* @__PURE__ */ conflict("Product with this UUID already exists", "spec");
export const uuidTaken = /* @__PURE__ */ conflict("UUID already exists", "spec");
export const invalidCategoryId = /* @__PURE__ */ badRequest("Invalid category id", "spec");
export const noFieldsToUpdate = /* @__PURE__ */ badRequest("No fields to update", "spec");
export const productChanged = /* @__PURE__ */ conflict("Product was changed by another request; try again");
export const alreadyUnderModeration = /* @__PURE__ */ conflict("Product is already under moderation", "spec");
export const moderationNeedsImage = /* @__PURE__ */ badRequest(
  "Product image required: upload one with POST /products/img",
);
export const categoriesNotFound = /* @__PURE__ */ notFound("Categories not found", "spec");
export const invalidPrice = /* @__PURE__ */ input("Invalid price", "spec");
export const invalidCount = /* @__PURE__ */ inputTemplate<{ max: number }>(
  ({ max }) => `Invalid count: must be a whole number from 0 to ${max}`,
);
export const invalidDiscount = /* @__PURE__ */ input(
  "Invalid discount: must be a whole percentage from 0 to 99",
);
export const productNameLength = /* @__PURE__ */ input("Name must be between 3 and 255 characters");

// A seller's account and profile (v1).
export const sellerNotFound = /* @__PURE__ */ notFound("Seller not found", "spec");
export const sellerNameLength = /* @__PURE__ */ input("Name must be between 3 and 100 characters", "spec");
export const sellerNameControlCharacters = /* @__PURE__ */ input("Name must not contain control characters");
export const sellerNameSymbols = /* @__PURE__ */ input("Name must not contain any of < > \" ' ` ; & { }");
export const descriptionTooShort = /* @__PURE__ */ input("Description too short (min 10)", "spec");
export const descriptionTooLong = /* @__PURE__ */ input("Description too long (max 1000)");
export const descriptionControlCharacters = /* @__PURE__ */ input(
  "Description must not contain control characters",
);
export const invalidApiUrl = /* @__PURE__ */ input("Invalid API URL", "spec");
export const noValidData = /* @__PURE__ */ badRequest("No valid data to update", "spec");
export const profileNotUpdated = /* @__PURE__ */ notFound("Profile not updated", "spec");
export const noApiUrl = /* @__PURE__ */ conflict("No api_url is set: set one with POST /seller/profile");

// Orders, delivery and the storefront.
export const orderNotFound = /* @__PURE__ */ notFound("Order not found", "spec");
export const sellerOrderNotFound = /* @__PURE__ */ notFound("Order not found or access denied", "spec");
export const orderAlreadyDelivered = /* @__PURE__ */ conflict("Order already delivered", "spec");
export const invalidDownloadUrl = /* @__PURE__ */ fixed(
  "unprocessable",
  "invalid_request",
  "Invalid download URL",
  "spec",
);
export const orderNotPaid = /* @__PURE__ */ conflict("Order is not paid");
export const deliveryUrlGone = /* @__PURE__ */ conflict("Delivery URL no longer available");
export const productNotForSale = /* @__PURE__ */ template<{ productId: string }>(
  "not_found",
  "product_inactive",
  ({ productId }) => `Product ${productId} is not for sale`,
);
export const priceChangedOrdering = /* @__PURE__ */ conflict(
  "The product's price changed while ordering; try again",
);

// Payouts.
export const invalidOtp = /* @__PURE__ */ fixed("bad_request", "invalid_otp", "Invalid OTP code", "spec");
export const payoutsLocked = /* @__PURE__ */ fixed(
  "rate_limited",
  "payouts_locked",
  "Too many invalid codes: payouts are locked for 15 minutes",
);
export const invalidWallet = /* @__PURE__ */ input("Invalid wallet");
export const payoutAmount = /* @__PURE__ */ input("Amount must be a whole number from 1000 to 1000000");
export const paymentSystem = /* @__PURE__ */ input(
  "Payment system must be one of usdt, card, payment_account",
);
export const invalidCard = /* @__PURE__ */ badRequest(
  "Invalid card number: 16-19 digits with a valid checksum",
);
export const invalidUsdtWallet = /* @__PURE__ */ badRequest(
  "Invalid USDT wallet: a TRC-20 (T…) or ERC-20 (0x…) address",
);
export const invalidPaymentAccount = /* @__PURE__ */ badRequest("Invalid payment account: 20 digits");

// Uploaded key stock (v1 extension, #21).
export const codeRepeated = /* @__PURE__ */ inputTemplate<{ position: number }>(
  ({ position }) => `Repeats the code at position ${position}`,
);
export const codeHeld = /* @__PURE__ */ input("Already held by one of your products");
export const uploadHoldsNoCodes = /* @__PURE__ */ badRequest(
  'The upload holds no codes: send a JSON body {"codes": [...]}, text/plain with one code per line, or a multipart file named "file"',
);
export const tooManyCodesInUpload = /* @__PURE__ */ inputTemplate<{ max: number }>(
  ({ max }) => `An upload holds at most ${max.toLocaleString("en-US")} codes`,
);
export const keyStockFull = /* @__PURE__ */ template<{ max: number }>(
  "conflict",
  "conflict",
  ({ max }) => `The product already holds ${max.toLocaleString("en-US")} available codes, the most it may`,
);
export const countFollowsCodes = /* @__PURE__ */ conflict(
  "The product's count follows its uploaded codes: upload or withdraw codes instead",
);
export const productHoldsCodes = /* @__PURE__ */ conflict(
  "The product still holds codes: withdraw them first (reserved ones return when their orders end)",
);
export const codeNotOnProduct = /* @__PURE__ */ input("No such code on this product");
export const codeNotAvailable = /* @__PURE__ */ inputTemplate<{ state: string }>(
  ({ state }) => `The code is ${state}, not available`,
);
export const withdrawalTarget = /* @__PURE__ */ input("Give either ids (a list of code ids) or all: true");
export const codeStateFilter = /* @__PURE__ */ input("state must be one of available, reserved, delivered");
export const codesNotList = /* @__PURE__ */ input("Field 'codes' must be a list of codes");
export const uploadNotText = /* @__PURE__ */ badRequest("The uploaded codes must be UTF-8 text");
export const tooManyIdsInWithdrawal = /* @__PURE__ */ inputTemplate<{ max: number }>(
  ({ max }) => `A withdrawal names at most ${max.toLocaleString("en-US")} codes`,
);
export const keyOrderTooLarge = /* @__PURE__ */ inputTemplate<{ max: number }>(
  ({ max }) => `quantity must be at most ${max} for a product sold from uploaded codes`,
);
export const keyStockBusy = /* @__PURE__ */ conflict("The product's codes are selling fast: try again");

// The webhook events a seller opts into (#23).
export const webhookEventTypes = /* @__PURE__ */ input(
  "Field 'events' must be a list of known event types (GET /api/v1/seller/webhook-events lists them as available)",
);

// Reviews of the seller's products (#25).
export const reviewAlreadyAnswered = /* @__PURE__ */ fixed(
  "conflict",
  "review_answered",
  "This review already has your answer",
);
