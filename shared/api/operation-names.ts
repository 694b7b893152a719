import type { VersionRouteKey } from "./route-table.js";

/**
 * How the OpenAPI documents name and group each route for people and for generated clients: a stable
 * operationId (a client's method name, unique across both documents, so one client can hold both APIs)
 * and the one tag it is listed under. Keyed by route, so a route added to the table without them fails
 * `tsc`. Renaming an operationId renames a generated client's method: treat it as an interface change.
 */
export interface OperationName<Tag extends string> {
  readonly operationId: string;
  readonly tag: Tag;
}

/** Seller API v1's tags, in the order the reference lists them, each with what it holds. */
export const v1Tags = {
  Authentication: "Exchange the API key for the bearer token every other route needs.",
  Products: "Create, edit, list, moderate and delete your products, and upload their images.",
  "Key stock":
    "Extension: upload licence codes to a product so the marketplace delivers them itself at payment.",
  "Orders and delivery":
    "Your orders, delivering a paid order through its one-time token, the order chat and the payment webhook's attempts.",
  Account:
    "Your seller record and profile, your store image, and the webhooks: test, signing secret and events.",
  Reviews: "Extension: buyers' reviews of your products, and your one public answer to each.",
  Payouts: "Withdraw your balance, confirmed with an authenticator code, and read past payouts.",
  Webhooks: "What the marketplace POSTs to your api_url: the payment webhook, and the events you opt into.",
} as const;
export type V1Tag = keyof typeof v1Tags;

/** Reseller API v2's tags, in the order the reference lists them, each with what it holds. */
export const v2Tags = {
  Authentication: "Exchange the API key for the bearer token every other route needs.",
  Catalogue: "Search the public catalogue, read a seller's products, one product and its comments.",
  Purchases: "Your balance, and buying or gifting from it.",
  Orders: "Your purchase history and each order with its delivery.",
  Favorites: "The products you keep an eye on.",
  Chat: "The chat of one of your orders with its seller.",
  Disputes: "Open or close a dispute about one of your orders.",
  Reviews: "Extension: review a product you bought and got, once; edit or remove your review.",
} as const;
export type V2Tag = keyof typeof v2Tags;

/** Seller API v1's operations. */
export const v1Operations = {
  "POST /auth/api-key/create": { operationId: "exchangeSellerApiKey", tag: "Authentication" },
  "POST /products": { operationId: "createProduct", tag: "Products" },
  "POST /products/update/{id}": { operationId: "updateProduct", tag: "Products" },
  "DELETE /products/{id}": { operationId: "deleteProduct", tag: "Products" },
  "GET /products/info/{id}": { operationId: "getProduct", tag: "Products" },
  "GET /products": { operationId: "listProducts", tag: "Products" },
  "GET /products/categories": { operationId: "listCategories", tag: "Products" },
  "POST /products/moderation": { operationId: "submitProductForModeration", tag: "Products" },
  "POST /products/img": { operationId: "uploadProductImage", tag: "Products" },
  "POST /products/keys/{id}": { operationId: "uploadKeyCodes", tag: "Key stock" },
  "GET /products/keys/{id}": { operationId: "getKeyStock", tag: "Key stock" },
  "POST /products/keys/withdraw/{id}": { operationId: "withdrawKeyCodes", tag: "Key stock" },
  "GET /orders": { operationId: "listOrders", tag: "Orders and delivery" },
  "GET /orders/info/{id}": { operationId: "getOrder", tag: "Orders and delivery" },
  "POST /orders/delivery/{token}": { operationId: "deliverOrder", tag: "Orders and delivery" },
  "GET /orders/chat/{id_order}": { operationId: "listOrderChatMessages", tag: "Orders and delivery" },
  "POST /orders/chat/{id_order}": { operationId: "sendOrderChatMessage", tag: "Orders and delivery" },
  "GET /orders/delivery-url/{id}": { operationId: "getOrderDeliveryUrl", tag: "Orders and delivery" },
  "GET /orders/webhooks/{id}": { operationId: "listOrderWebhookAttempts", tag: "Orders and delivery" },
  "GET /orders/summary": { operationId: "getOrderSummary", tag: "Orders and delivery" },
  "GET /seller": { operationId: "getSeller", tag: "Account" },
  "POST /seller/profile": { operationId: "updateSellerProfile", tag: "Account" },
  "POST /seller/img": { operationId: "uploadSellerImage", tag: "Account" },
  "POST /seller/webhook-test": { operationId: "sendTestWebhook", tag: "Account" },
  "POST /seller/webhook-secret": { operationId: "rotateWebhookSecret", tag: "Account" },
  "GET /seller/webhook-events": { operationId: "getWebhookEvents", tag: "Account" },
  "POST /seller/webhook-events": { operationId: "setWebhookEvents", tag: "Account" },
  "GET /seller/webhook-events/deliveries": { operationId: "listWebhookEventDeliveries", tag: "Account" },
  "GET /reviews": { operationId: "listProductReviews", tag: "Reviews" },
  "POST /reviews/{review_id}/answer": { operationId: "answerReview", tag: "Reviews" },
  "POST /payout": { operationId: "createPayout", tag: "Payouts" },
  "GET /payout/history": { operationId: "listPayouts", tag: "Payouts" },
} as const satisfies Record<VersionRouteKey<"v1">, OperationName<V1Tag>>;

/** Reseller API v2's operations: named apart from v1's where both have one (getPublicProduct, getPurchase). */
export const v2Operations = {
  "POST /auth/api-key/create": { operationId: "exchangeResellerApiKey", tag: "Authentication" },
  "GET /balance": { operationId: "getBalance", tag: "Purchases" },
  "GET /search": { operationId: "searchProducts", tag: "Catalogue" },
  "GET /products/{seller_id}": { operationId: "listSellerProducts", tag: "Catalogue" },
  "GET /product/{product_id}": { operationId: "getPublicProduct", tag: "Catalogue" },
  "POST /buy": { operationId: "buyProduct", tag: "Purchases" },
  "POST /gift": { operationId: "buyGift", tag: "Purchases" },
  "GET /history": { operationId: "listPurchases", tag: "Orders" },
  "GET /order/{order_id}": { operationId: "getPurchase", tag: "Orders" },
  "GET /favorites": { operationId: "listFavorites", tag: "Favorites" },
  "POST /favorites": { operationId: "changeFavorite", tag: "Favorites" },
  "GET /comment/{product_id}": { operationId: "listProductComments", tag: "Catalogue" },
  "GET /chat/{chat_id}": { operationId: "listChatMessages", tag: "Chat" },
  "POST /chat/{chat_id}": { operationId: "sendChatMessage", tag: "Chat" },
  "POST /dispute": { operationId: "changeDispute", tag: "Disputes" },
  "POST /reviews": { operationId: "createReview", tag: "Reviews" },
  "GET /reviews": { operationId: "listReviews", tag: "Reviews" },
  "PUT /reviews/{product_id}": { operationId: "editReview", tag: "Reviews" },
  "DELETE /reviews/{product_id}": { operationId: "deleteReview", tag: "Reviews" },
} as const satisfies Record<VersionRouteKey<"v2">, OperationName<V2Tag>>;
