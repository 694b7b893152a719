/**
 * The fewest DynamoDB requests each endpoint's rules allow, as written in docs/benchmarks.md ("DynamoDB
 * requests per endpoint: now and the minimum"), as data: sequential rounds (requests in parallel count
 * once) and the reason. The capacity bench fails when an endpoint needs more (minimum-check.ts).
 */
export interface EndpointMinimum {
  /** Sequential rounds. */
  readonly rounds: number;
  readonly why: string;
}

export const endpointMinimums: Readonly<Record<string, EndpointMinimum>> = {
  "POST /api/v1/auth/api-key/create": { rounds: 1, why: "the key's hash names the account" },
  "POST /api/v2/auth/api-key/create": { rounds: 1, why: "the key's hash names the account" },
  "GET /api/v1/products": { rounds: 1, why: "total from the kept count, the page from the index" },
  "GET /api/v1/products/info/{id}": { rounds: 1, why: "one item" },
  "POST /api/v1/products": {
    rounds: 1,
    why: "one transaction: product, name and uuid guards, category check, count",
  },
  "POST /api/v1/products/update/{id} (price)": {
    rounds: 1,
    why: "no name, uuid or count change: one conditional write",
  },
  "DELETE /api/v1/products/{id}": { rounds: 2, why: "the guards to free are named by the current item" },
  "GET /api/v1/orders": { rounds: 1, why: "one page of the index" },
  "GET /api/v1/orders/info/{id}": { rounds: 1, why: "one item" },
  "POST /api/v1/orders/delivery/{token}": {
    rounds: 2,
    why: "the token names the order and carries the amount to credit",
  },
  "GET /api/v1/seller": { rounds: 1, why: "one item" },
  "POST /api/v1/payout": { rounds: 2, why: "account (secret, lock state), then one debit transaction" },
  "GET /api/v1/payout/history": { rounds: 1, why: "account and page in parallel" },
  "GET /api/v2/balance": { rounds: 1, why: "one item" },
  "GET /api/v2/search": {
    rounds: 3,
    why: "counts, one page of the facet, the page's products (+ their categories and sellers)",
  },
  "GET /api/v2/products/{seller_id}": {
    rounds: 2,
    why: "the seller, the facet's count and its page are all named by the path; then the page's products with their categories (entries carrying the category, as search's minimum assumes)",
  },
  "GET /api/v2/product/{id}": { rounds: 2, why: "the category and seller are named by the product" },
  "POST /api/v2/buy": {
    rounds: 2,
    why: "the price is on the product; category and seller could be ConditionChecks in the transaction",
  },
  "POST /api/v2/buy (key product)": {
    rounds: 3,
    why: "as /buy, then the available codes: that the product sells codes is on the product (one round more, #21)",
  },
  "POST /api/v2/buy (Idempotency-Key)": {
    rounds: 2,
    why: "as /buy: the key's record can be read beside the product and claimed in the purchase's transaction",
  },
  "POST /api/v2/gift": { rounds: 2, why: "as /buy" },
  "GET /api/v2/history": { rounds: 1, why: "one Query (unfiltered)" },
  "GET /api/v2/order/{id}": { rounds: 1, why: "one item" },
  "POST /api/v2/dispute": { rounds: 2, why: "ownership and state are on the order" },
  "GET /api/v2/chat/{id}": { rounds: 2, why: "ownership is on the order" },
  "POST /api/v2/chat/{id}": { rounds: 2, why: "ownership is on the order" },
  "GET /api/v2/favorites": {
    rounds: 3,
    why: "the listed favorites' index page, their products, then their categories and sellers",
  },
  "POST /api/v2/favorites": {
    rounds: 2,
    why: "product (beside its favorites' follow record), then one transaction with the count",
  },
  "GET /api/v2/comment/{id}": {
    rounds: 2,
    why: "the product, its comments' page and count are named by the path; then its category and seller",
  },
};
