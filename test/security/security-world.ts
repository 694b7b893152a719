import { orderService, paymentService } from "../../shared/runtime/dependencies.js";
import {
  createPublicCategory,
  createTestSeller,
  type PublishedProduct,
  publishProduct,
  type TestSeller,
} from "../support/catalogue.js";
import { request } from "../support/http.js";
import { watchBuyerEmail } from "../support/leak-scan.js";
import { deliveryTokenFor, stores } from "../support/orders.js";
import { boughtOrder, fundedReseller, h2hSeller } from "../support/purchases.js";

/**
 * Accounts and resources the security suite attacks: a seller with a public product and its sales (a
 * reseller's order with its chat, a paid storefront order with its delivery token, a storefront order
 * waiting for payment), and an intruder with valid tokens of its own.
 */
export interface SecurityWorld {
  readonly seller: TestSeller;
  readonly product: PublishedProduct;
  readonly reseller: TestSeller;
  /** The reseller's order of the product; also its chat's id. */
  readonly order: string;
  /** A paid storefront order of the product and the delivery token its webhook carried. */
  readonly paidGuestOrder: string;
  readonly deliveryToken: string;
  /** A storefront order still waiting for its payment callback. */
  readonly waitingGuestOrder: string;
  /** Another account: a seller in v1, a reseller in v2. */
  readonly intruder: TestSeller;
}

let buyers = 0;

const guestOrder = async (productId: string): Promise<string> => {
  buyers += 1;
  const email = `guest-${process.pid}-${buyers}-${Date.now()}@example.com`;
  watchBuyerEmail(email);
  const order = await orderService().createGuestOrder({ product_id: productId, quantity: 1, email });
  return order.id_order;
};

/** Builds a fresh world; each test file gets its own, so files never see each other's attacks. */
export const createSecurityWorld = async (): Promise<SecurityWorld> => {
  const [{ seller }, category, reseller, intruder] = await Promise.all([
    h2hSeller(),
    createPublicCategory(),
    fundedReseller(1500),
    createTestSeller(),
  ]);
  const product = await publishProduct(seller, category);
  const order = await boughtOrder(reseller, product.id);
  const paidGuestOrder = await guestOrder(product.id);
  await paymentService().confirm({ orderId: paidGuestOrder, paymentSystem: "card" });
  const waitingGuestOrder = await guestOrder(product.id);
  return {
    seller,
    product,
    reseller,
    order,
    paidGuestOrder,
    deliveryToken: await deliveryTokenFor(paidGuestOrder),
    waitingGuestOrder,
    intruder,
  };
};

const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/**
 * What the world's seller and reseller can see through the GET routes, plus the product and the
 * storefront orders as stored: equal before and after an attack means the attack changed nothing.
 */
export const visibleState = async (
  world: SecurityWorld,
): Promise<{ views: Record<string, { status: number; body: unknown }>; stored: Record<string, unknown> }> => {
  const v1 = (path: string) => request("GET", `/api/v1${path}`, bearer(world.seller.v1));
  const v2 = (path: string) => request("GET", `/api/v2${path}`, bearer(world.reseller.v2));
  const views: Record<string, Promise<{ status: number; body: unknown }>> = {
    "v1 seller": v1("/seller"),
    "v1 products": v1("/products"),
    "v1 product": v1(`/products/info/${world.product.id}`),
    "v1 orders": v1("/orders"),
    "v1 reseller order": v1(`/orders/info/${world.order}`),
    "v1 paid guest order": v1(`/orders/info/${world.paidGuestOrder}`),
    "v1 waiting guest order": v1(`/orders/info/${world.waitingGuestOrder}`),
    "v1 chat": v1(`/orders/chat/${world.order}`),
    "v1 payouts": v1("/payout/history"),
    "v2 balance": v2("/balance"),
    "v2 history": v2("/history"),
    "v2 order": v2(`/order/${world.order}`),
    "v2 chat": v2(`/chat/${world.order}`),
    "v2 favorites": v2("/favorites"),
  };
  const entries = await Promise.all(
    Object.entries(views).map(async ([name, answer]) => {
      const { status, body } = await answer;
      return [name, { status, body }] as const;
    }),
  );
  const { products, orders } = stores();
  const [storedProduct, paid, waiting] = await Promise.all([
    products.get(world.product.id),
    orders.get(world.paidGuestOrder),
    orders.get(world.waitingGuestOrder),
  ]);
  return {
    views: Object.fromEntries(entries),
    stored: {
      product: storedProduct,
      "paid guest order": { status: paid?.status, delivered: paid?.delivered },
      "waiting guest order": { status: waiting?.status, payment_id: waiting?.payment_id },
    },
  };
};
