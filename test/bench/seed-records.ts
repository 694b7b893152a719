import { newId } from "../../shared/ids/ids.js";
import type { OrderRecord } from "../../shared/orders/order.js";
import type { PayoutRecord } from "../../shared/payouts/payout.js";
import type { ProductRecord } from "../../shared/products/product.js";

/** Records as the repositories store them, the i-th of each a second after the one before: what the benches and list tests seed. */

const at = (base: number, i: number) => new Date(base + i * 1000).toISOString();

/** The i-th bench product of a seller, as the product repository stores it (also seeds the load bench). */
export const product = (sellerId: number, categoryId: number, i: number): ProductRecord => {
  const created = at(Date.UTC(2026, 0, 1), i);
  return {
    id: newId(Date.parse(created)),
    seller_id: sellerId,
    id_categories: categoryId,
    name: `Bench product ${i}`,
    name_key: `bench product ${i}`,
    meta_title: "Bench product",
    meta_description: "A product of the lists benchmark",
    tags: "bench",
    text_page: "A product written by the lists benchmark, as the product repository stores it.",
    price: 100 + (i % 5000),
    count: 10,
    uuid: `bench-${i}`,
    features: "a,b,c",
    discount: 0,
    api_key: "",
    api_url: "",
    status_moderation: "approved",
    img: "",
    img_key: "",
    rating: 0,
    gift_available: 0,
    comment_status: 0,
    comment_regex: "",
    created_at: created,
    updated_at: created,
  };
};

/** The i-th paid guest order of a seller's product, as the order repository stores it. */
export const order = (sellerId: number, productId: string, i: number): OrderRecord => {
  const created = at(Date.UTC(2026, 1, 1), i);
  return {
    id_order: newId(Date.parse(created)),
    seller_id: sellerId,
    product_id: productId,
    quantity: 1,
    unit_price: 500,
    amount: 500,
    status: "paid",
    buyer_email: `buyer${i}@bench.example.com`,
    buyer_type: "guest",
    guest_id: String(i),
    payment_system: "card",
    created_at: created,
    expires_at: created,
    paid_at: created,
    delivered: false,
  };
};

/** The i-th paid payout of a seller, as the payout repository stores it. */
export const payout = (sellerId: number, i: number): PayoutRecord => {
  const created = at(Date.UTC(2026, 2, 1), i);
  return {
    id: newId(Date.parse(created)),
    seller_id: sellerId,
    amount: 1000,
    payment_system: "card",
    wallet: "4111111111111111",
    status: "paid",
    created_at: created,
  };
};
