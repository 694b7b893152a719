/**
 * The typed client against a running `npm start`: a seller lists a product (v1) and looks for it as
 * a reseller (v2) with the same API key. Refusals are values; only a network failure or a 5xx throws.
 *
 *   API_KEY=mk_… node --import tsx examples/client-example.ts      (BASE_URL defaults to the local stack)
 */
// The package's entry (`@marketplace/client` outside this repository).
import { createMarketplaceClient, MarketplaceClientError } from "../shared/client/index.js";

const apiKey = process.env.API_KEY;
if (!apiKey) {
  console.error(
    "Set API_KEY to a seller API key: npm run -s ops -- account create --name <store> --email <email>",
  );
  process.exit(2);
}
// The service's root, read explicitly: BASE_URL, or the local stack of `npm start`.
const baseUrl = process.env.BASE_URL ?? "http://127.0.0.1:3000";
const client = createMarketplaceClient({ baseUrl, apiKey });

try {
  // v1: the token exchange happens here, on first use.
  const categories = await client.v1.call("GET /products/categories");
  if (!categories.ok) {
    console.error(`No categories (${categories.error.message}): run npm run -s ops -- seed-demo first`);
    process.exit(1);
  }
  const category = categories.data[0];
  console.log(`category: ${category?.id} ${category?.name}`);

  const suffix = Date.now().toString(36);
  const created = await client.v1.call("POST /products", {
    body: {
      id_categories: Number(category?.id),
      name: `Client example key ${suffix}`,
      meta_title: "Client example key",
      meta_description: "A product made by the client example",
      tags: "example,client",
      text_page: "Created by examples/client-example.ts.",
      price: 1200,
      count: 3,
      uuid: `client-example-${suffix}`,
      features: "global,instant,example",
    },
  });
  if (!created.ok) throw new Error(`create refused: ${created.error.message}`);
  console.log(`created: ${created.data.id} (${created.data.message})`);

  const info = await client.v1.call("GET /products/info/{id}", { path: { id: created.data.id } });
  if (info.ok) console.log(`status_moderation: ${info.data.product.status_moderation}`);

  // A refusal is a value in the version's envelope: v1 {status: "error", message}.
  const submitted = await client.v1.call("POST /products/moderation", {
    body: { id_product: created.data.id },
  });
  if (!submitted.ok) console.log(`moderation refused (${submitted.status}): ${submitted.error.message}`);

  // v2 with the same key: its own token, exchanged on first use.
  const balance = await client.v2.call("GET /balance");
  if (balance.ok) console.log(`balance: ${balance.data.balance} ${balance.data.currency}`);
  const search = await client.v2.call("GET /search", { query: { q: "key", limit: 5 } });
  if (search.ok) console.log(`search "key": ${search.meta.total} public products`);

  // v2 refusals carry a code: a draft product is not public, so buying it is not_found.
  const bought = await client.v2.call("POST /buy", { body: { product_id: created.data.id, quantity: 1 } });
  if (!bought.ok)
    console.log(`buy refused (${bought.status}): ${bought.error.code}: ${bought.error.message}`);
} catch (error) {
  // Thrown only when there is no answer to return: the stack is not running, or it failed (5xx).
  if (!(error instanceof MarketplaceClientError)) throw error;
  console.error(`${error.message}${error.status === undefined ? " (is npm start running?)" : ""}`);
  process.exit(1);
}
