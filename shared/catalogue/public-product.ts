import type { AccountRecord } from "../accounts/account.js";
import type { Category } from "../categories/category.js";
import type { ProductRecord } from "../products/product.js";
import { unitPrice } from "../products/product-price.js";
import { shownRatingOf } from "../ratings/shown-rating.js";

/** Reseller API v2 speaks roubles only. */
export const CURRENCY = "RUB";

/** A product as a reseller sees it in lists: the spec's ProductSummary, plus product_id, name, h2h and discounted_price. */
export interface ProductSummary {
  readonly id_product: string;
  readonly product_id: string;
  readonly title: string;
  readonly name: string;
  readonly img: string;
  readonly description: string;
  readonly price: number;
  readonly discounted_price: number;
  readonly currency: string;
  readonly count: number;
  readonly available: boolean;
  readonly seller_id: number;
  readonly category_id: number;
  readonly discount: number;
  readonly opt_price: string;
  readonly opt_count: string;
  readonly h2h: 0 | 1;
}

/** The full public product of GET /product/{id}: the summary, the page text, the purchase rules and who sells it. */
export interface PublicProduct extends ProductSummary {
  readonly text_page: string;
  readonly features: string;
  readonly rating: number;
  readonly gift_available: number;
  readonly comment_status: number;
  readonly comment_regex: string;
  readonly seller: { readonly id: number; readonly name: string; readonly rating: number };
  readonly category: { readonly id: number; readonly name: string };
}

/**
 * H2H: delivery is automatic. The product sells uploaded codes (the marketplace hands them out at
 * payment), or it, or else its seller, has a webhook target.
 */
export const isH2h = (
  product: Pick<ProductRecord, "api_url" | "key_stock">,
  seller: Pick<AccountRecord, "api_url"> | undefined,
) => product.key_stock === 1 || product.api_url !== "" || (seller?.api_url ?? "") !== "";

/** The list view of a public product. Never a seller's keys, webhook target or e-mail. */
export const productSummary = (
  product: ProductRecord,
  seller: AccountRecord | undefined,
): ProductSummary => ({
  id_product: product.id,
  product_id: product.id,
  title: product.name,
  name: product.name,
  img: product.img,
  description: product.meta_description,
  price: product.price,
  discounted_price: unitPrice(product.price, product.discount),
  currency: CURRENCY,
  count: product.count,
  available: product.count > 0,
  seller_id: product.seller_id,
  category_id: product.id_categories,
  discount: product.discount,
  // No bulk pricing exists yet; the fields are present and empty, as the spec's schema has them.
  opt_price: "",
  opt_count: "",
  h2h: isH2h(product, seller) ? 1 : 0,
});

/** The full view of a public product. */
export const publicProduct = (
  product: ProductRecord,
  seller: AccountRecord | undefined,
  category: Category,
): PublicProduct => ({
  ...productSummary(product, seller),
  text_page: product.text_page,
  features: product.features,
  // The mean of its approved reviews (#25); the stored `rating` stays 0 for compatibility.
  rating: shownRatingOf(product),
  gift_available: product.gift_available,
  comment_status: product.comment_status,
  comment_regex: product.comment_regex,
  seller: { id: product.seller_id, name: seller?.name ?? "", rating: seller ? shownRatingOf(seller) : 0 },
  category: { id: category.id, name: category.name },
});
