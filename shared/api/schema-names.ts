import type { VersionRouteKey } from "./route-table.js";

/**
 * The names the OpenAPI documents give the schemas of each route's request and answer, so that a client
 * generated from a document has a named type (`Product`, `Order`, `BuyRequest`) for every resource
 * instead of one per operation. The document builder turns each name into a `components.schemas` entry
 * and a `$ref` wherever that schema is used. Keyed by route, so a route added to the table without its
 * names fails `tsc`.
 *
 * A name is placed by where the schema sits: `body` (the route's request body: the JSON its action
 * validates, or the body the handler reads itself), `body:<content type>` (another body the route
 * takes), `data` (the success answer's `data`) and `meta` (v2's `meta`), each followed by `.<member>`
 * for an object's member or `[]` for an array's items: `data.products[]` names the items of `data`'s
 * `products`. Optional and nullable members are looked through. One schema has one name: routes that
 * share a schema name it alike, and two schemas may share a name only when their JSON Schemas are equal.
 */
export type SchemaPath = `${"body" | `body:${string}` | "data" | "meta"}${string}`;

/** A route's named schemas, by where they sit. */
export type RouteSchemaNames = Readonly<Partial<Record<SchemaPath, string>>>;

/** Seller API v1. */
export const v1SchemaNames = {
  "POST /auth/api-key/create": { data: "AccessToken" },
  "POST /products": { body: "ProductCreate", data: "ProductCreated" },
  "POST /products/update/{id}": { body: "ProductUpdate", data: "ProductUpdated" },
  "DELETE /products/{id}": { data: "ProductDeleted" },
  "GET /products/info/{id}": { data: "ProductInfo", "data.product": "Product" },
  "GET /products": {
    data: "ProductList",
    "data.products[]": "ProductListItem",
    "data.pagination": "Pagination",
  },
  "GET /products/categories": { "data[]": "Category" },
  "POST /products/moderation": { body: "ModerationRequest", data: "ModerationSubmitted" },
  "POST /products/img": { body: "ProductImageUpload", data: "ImageUploaded" },
  "POST /products/keys/{id}": {
    body: "KeyCodesUpload",
    "body:multipart/form-data": "KeyCodesFile",
    data: "KeyCodesAdded",
    "data.refused[]": "RefusedKeyCode",
    "data.counts": "KeyStockCounts",
  },
  "GET /products/keys/{id}": { data: "KeyStock", "data.codes[]": "KeyCode", "data.counts": "KeyStockCounts" },
  "POST /products/keys/withdraw/{id}": {
    body: "KeyCodesWithdrawal",
    data: "KeyCodesWithdrawn",
    "data.refused[]": "RefusedWithdrawal",
    "data.counts": "KeyStockCounts",
  },
  "GET /orders": { "data[]": "OrderListItem" },
  "GET /orders/info/{id}": { data: "Order", "data.codes[]": "DeliveredKeyCode" },
  "POST /orders/delivery/{token}": { body: "Delivery", data: "DeliveryResult" },
  "GET /orders/chat/{id_order}": { "data[]": "ChatMessage" },
  "POST /orders/chat/{id_order}": { body: "ChatMessageSend", data: "ChatMessageSent" },
  "GET /orders/delivery-url/{id}": { data: "DeliveryUrl" },
  "GET /orders/webhooks/{id}": { "data[]": "WebhookAttempt" },
  "GET /orders/summary": { data: "OrderSummary" },
  "GET /seller": { data: "Seller" },
  "POST /seller/profile": { body: "SellerProfileUpdate", data: "SellerProfile" },
  "POST /seller/img": { body: "SellerImageUpload", data: "ImageUploaded" },
  "POST /seller/webhook-test": { data: "TestWebhookResult" },
  "POST /seller/webhook-secret": { data: "WebhookSecret" },
  "GET /seller/webhook-events": { data: "WebhookSubscription" },
  "POST /seller/webhook-events": { body: "WebhookSubscriptionUpdate", data: "WebhookSubscription" },
  "GET /seller/webhook-events/deliveries": { "data[]": "WebhookEventDelivery" },
  "GET /reviews": { "data[]": "ProductReview", "data[].answer": "ReviewAnswer" },
  "POST /reviews/{review_id}/answer": {
    body: "ReviewAnswerRequest",
    data: "ProductReview",
    "data.answer": "ReviewAnswer",
  },
  "POST /payout": { body: "PayoutRequest", data: "PayoutCreated" },
  "GET /payout/history": { "data[]": "Payout" },
} as const satisfies Record<VersionRouteKey<"v1">, RouteSchemaNames>;

/** Reseller API v2. */
export const v2SchemaNames = {
  "POST /auth/api-key/create": { data: "AccessToken" },
  "GET /balance": { data: "Balance" },
  "GET /search": { "data[]": "ProductSummary", meta: "CountedPageMeta" },
  "GET /products/{seller_id}": { "data[]": "ProductSummary", meta: "CountedPageMeta" },
  "GET /product/{product_id}": {
    data: "Product",
    "data.seller": "ProductSeller",
    "data.category": "ProductCategory",
  },
  "POST /buy": { body: "BuyRequest", data: "Purchase" },
  "POST /gift": { body: "GiftRequest", data: "GiftPurchase" },
  "GET /history": { "data[]": "OrderSummary", meta: "PageMeta" },
  "GET /order/{order_id}": { data: "Order" },
  "GET /favorites": { "data[]": "Favorite", meta: "PageMeta" },
  "POST /favorites": { body: "FavoriteChange", data: "FavoriteState" },
  "GET /comment/{product_id}": {
    "data[]": "Comment",
    "data[].answer": "CommentAnswer",
    meta: "CountedPageMeta",
  },
  "GET /chat/{chat_id}": { "data[]": "ChatMessage", meta: "PageMeta" },
  "POST /chat/{chat_id}": { body: "ChatMessageSend", data: "ChatMessageSent" },
  "POST /dispute": { body: "DisputeRequest", data: "DisputeState" },
  "POST /reviews": { body: "ReviewRequest", data: "Review", "data.answer": "ReviewAnswer" },
  "GET /reviews": { "data[]": "Review", "data[].answer": "ReviewAnswer", meta: "PageMeta" },
  "PUT /reviews/{product_id}": { body: "ReviewEdit", data: "Review", "data.answer": "ReviewAnswer" },
  "DELETE /reviews/{product_id}": { data: "ReviewRemoved" },
} as const satisfies Record<VersionRouteKey<"v2">, RouteSchemaNames>;
