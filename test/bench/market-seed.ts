import { PutCommand } from "@aws-sdk/lib-dynamodb";
import type { LocalStackConfig } from "../../infra/local/local-environment.js";
import { createDocumentClient } from "../../shared/aws/dynamodb-client.js";
import type { Category } from "../../shared/categories/category.js";
import { keys } from "../../shared/data/table-keys.js";
import { orderItem } from "../../shared/orders/order-items.js";
import { payoutItem } from "../../shared/payouts/payout-items.js";
import type { ProductRecord } from "../../shared/products/product.js";
import { accountService, categoryService } from "../../shared/runtime/dependencies.js";
import { createBatchWriter } from "./batch-writer.js";
import { tokenOf } from "./bench-http.js";
import { seedCatalogue } from "./catalogue-seeder.js";
import {
  BLOCKED_CATEGORY_ID,
  benchCategories,
  FIRST_CATEGORY_ID,
  generateProducts,
  sellerCountFor,
} from "./search-data.js";
import { order, payout, product } from "./seed-records.js";

/**
 * The marketplace the load and capacity benches run against, written straight into a quiet stack's
 * table: the search bench's catalogue (its vocabulary, categories and sellers, with every facet entry,
 * counter and price-tree node the indexer would write), a seller with orders and payouts for the v1
 * lists, an H2H seller whose products resellers buy (one per buyer, plenty of stock) and funded buyers.
 */
export interface Market {
  readonly categories: ReadonlyMap<number, Category>;
  /** The v1 lists' seller: ≈100 catalogue products, LIST_ORDERS orders and LIST_PAYOUTS payouts. */
  readonly listSeller: { id: number; apiKey: string; v1: string; v2: string; productIds: string[] };
  /** The seller of the products bought in the bench (H2H through the products' own api_url). */
  readonly h2hSeller: { id: number; apiKey: string; v1: string; totpSecret: string };
  /** One product per buyer: price BUY_PRICE, stock INITIAL_STOCK, gifts allowed. */
  readonly buyProducts: readonly ProductRecord[];
  /** Resellers credited BUYER_CREDIT each, with their v2 tokens. */
  readonly buyers: readonly { id: number; apiKey: string; v2: string }[];
  /** A public product of the catalogue (for GET /api/v2/product/{id}), and the first 20 in all. */
  readonly publicProductId: string;
  readonly publicProductIds: readonly string[];
  readonly catalogueSize: number;
}

export const BUY_PRICE = 100;
export const INITIAL_STOCK = 1_000_000;
export const BUYER_CREDIT = 10_000_000;
const LIST_ORDERS = 100;
const LIST_PAYOUTS = 20;

export const seedMarket = async (
  config: LocalStackConfig,
  baseUrl: string,
  options: { catalogueSize: number; buyers: number; log: (message: string) => void },
): Promise<Market> => {
  const { tableName } = config;
  const client = createDocumentClient();
  const categories = benchCategories();
  for (const category of categories) await categoryService().create(category);
  const categoryMap = new Map(categories.map((c) => [c.id, c]));

  const sellers = [];
  for (let i = 0; i < sellerCountFor(options.catalogueSize); i++)
    sellers.push(
      await accountService().create({
        name: `Bench Seller ${i + 1}`,
        email: `seller${i + 1}@bench.example.com`,
      }),
    );
  const catalogue = generateProducts(
    options.catalogueSize,
    sellers.map((s) => s.seller_id),
  );

  const h2h = await accountService().create({ name: "Bench H2H Seller", email: "h2h@bench.example.com" });
  const buyProducts = Array.from({ length: options.buyers }, (_, i): ProductRecord => {
    const base = product(h2h.seller_id, FIRST_CATEGORY_ID, 1_000_000 + i);
    return {
      ...base,
      name: `Bench H2H key ${i + 1}`,
      name_key: `bench h2h key ${i + 1}`,
      uuid: `bench-h2h-${i + 1}`,
      price: BUY_PRICE,
      discount: 0,
      count: INITIAL_STOCK,
      api_url: "https://h2h.bench.example.com/webhook",
      gift_available: 1,
    };
  });

  const seed = await seedCatalogue({
    client,
    tableName,
    products: [...catalogue, ...buyProducts],
    categories: categoryMap,
    concurrency: 4,
    log: options.log,
  });
  options.log(`seeded ${seed.itemsWritten} catalogue items in ${seed.seconds} s`);

  const [listAccount] = sellers;
  if (!listAccount) throw new Error("no catalogue seller");
  const listProducts = catalogue.filter((p) => p.seller_id === listAccount.seller_id);
  const writer = createBatchWriter(client, tableName, 4);
  for (let i = 0; i < LIST_ORDERS; i++) {
    const sold = listProducts[i % listProducts.length];
    if (sold) await writer.put(orderItem(order(listAccount.seller_id, sold.id, i)));
  }
  for (let i = 0; i < LIST_PAYOUTS; i++) await writer.put(payoutItem(payout(listAccount.seller_id, i)));
  await writer.flush();
  // The kept product counts GET /api/v1/products answers `total` from, as product create keeps them.
  for (const [sellerId, count] of [
    [listAccount.seller_id, listProducts.length],
    [h2h.seller_id, buyProducts.length],
  ] as const) {
    await client.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...keys.sellerCounts(sellerId), entity: "seller_counts", products: count },
      }),
    );
  }

  const buyers = [];
  for (let i = 0; i < options.buyers; i++) {
    const account = await accountService().create({
      name: `Bench Buyer ${i + 1}`,
      email: `buyer${i + 1}@bench.example.com`,
    });
    await accountService().credit(account.seller_id, BUYER_CREDIT);
    buyers.push({
      id: account.seller_id,
      apiKey: account.api_key,
      v2: await tokenOf(baseUrl, account.api_key, "v2"),
    });
  }
  const publicProducts = catalogue
    .filter(
      (p) => p.status_moderation === "approved" && p.id_categories !== BLOCKED_CATEGORY_ID && p.count > 0,
    )
    .slice(0, 20);
  const [publicProduct] = publicProducts;
  if (!publicProduct) throw new Error("no public product in the catalogue");
  return {
    categories: categoryMap,
    listSeller: {
      id: listAccount.seller_id,
      apiKey: listAccount.api_key,
      v1: await tokenOf(baseUrl, listAccount.api_key, "v1"),
      v2: await tokenOf(baseUrl, listAccount.api_key, "v2"),
      productIds: listProducts.map((p) => p.id),
    },
    h2hSeller: {
      id: h2h.seller_id,
      apiKey: h2h.api_key,
      v1: await tokenOf(baseUrl, h2h.api_key, "v1"),
      totpSecret: h2h.totp_secret,
    },
    buyProducts,
    buyers,
    publicProductId: publicProduct.id,
    publicProductIds: publicProducts.map((p) => p.id),
    catalogueSize: options.catalogueSize,
  };
};
