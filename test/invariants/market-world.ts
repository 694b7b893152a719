import { accountService, productService } from "../../shared/runtime/dependencies.js";
import { createTestAccount, tokenFor } from "../support/accounts.js";
import { publishProduct, updateSellerProfile } from "../support/catalogue.js";
import { freshCodes, uploadCodes } from "../support/key-stock.js";
import type { WebhookTarget } from "../support/receiver.js";

/** What a run starts from, generated with its commands so a counterexample shows it too. */
export interface WorldPlan {
  /** Initial stock of the two products that declare it (P1, P2). */
  readonly stock: readonly [number, number];
  /** How many codes the seller uploads to P3 before the run (0: P3 sells nothing until an upload). */
  readonly codes: number;
  /** What the two resellers are credited before the run (0 for none). */
  readonly funds: readonly [number, number];
  /** What the seller is credited before the run (0 for none), so payouts need not wait for deliveries. */
  readonly sellerFunds: number;
}

/**
 * One of the run's three products: P1 may be gifted, P2 may not, both declare their stock; P3 may be
 * gifted and sells uploaded codes, so its count is its available codes.
 */
export interface WorldProduct {
  readonly name: "P1" | "P2" | "P3";
  readonly id: string;
  readonly price: number;
  /** The declared stock, or for a key product the codes uploaded before the run. */
  readonly initialStock: number;
  /** True for the product that sells uploaded codes: delivered at payment, its count follows its codes. */
  readonly keyStock: boolean;
}

/** The fresh marketplace one run acts on: an H2H seller, its three products, two resellers. */
export interface MarketWorld {
  readonly seller: { readonly id: number; readonly v1: string; readonly totpSecret: string };
  readonly resellers: readonly [WorldReseller, WorldReseller];
  readonly products: readonly [WorldProduct, WorldProduct, WorldProduct];
  /** Operator credits made while setting the world up, by account. */
  readonly setupCredits: ReadonlyMap<number, number>;
}

/** A reseller of the run, with its v2 token. */
export interface WorldReseller {
  readonly name: "R1" | "R2";
  readonly id: number;
  readonly v2: string;
}

/**
 * Prices chosen so one or two deliveries fund a payout (at least 1000) and buys can run a balance dry;
 * P3's is lower, so its codes (credited at payment) fund payouts in twos and threes.
 */
const PRICES = [1000, 700, 400] as const;

const reseller = async (name: WorldReseller["name"], funds: number): Promise<WorldReseller> => {
  const account = await createTestAccount();
  if (funds > 0) await accountService().credit(account.seller_id, funds);
  return { name, id: account.seller_id, v2: await tokenFor(account.api_key, "v2") };
};

/**
 * Builds a run's world through the same services and routes a real seller and operator use: the seller
 * (whose webhooks go to `webhook`) publishes the three products in `categoryId`, P1 and P3 are made
 * giftable, the seller uploads P3's planned codes, and the seller and the resellers are credited as
 * planned.
 */
export const createWorld = async (
  plan: WorldPlan,
  categoryId: number,
  webhook: WebhookTarget,
): Promise<MarketWorld> => {
  const sellerAccount = await createTestAccount();
  const [v1, v2, first, second] = await Promise.all([
    tokenFor(sellerAccount.api_key, "v1"),
    tokenFor(sellerAccount.api_key, "v2"),
    reseller("R1", plan.funds[0]),
    reseller("R2", plan.funds[1]),
  ]);
  await updateSellerProfile(v1, { api_url: webhook.url });
  webhook.namedBy({ seller: sellerAccount.seller_id });
  if (plan.sellerFunds > 0) await accountService().credit(sellerAccount.seller_id, plan.sellerFunds);
  const seller = { id: sellerAccount.seller_id, apiKey: sellerAccount.api_key, v1, v2 };
  // P3 declares no stock: until its first upload it has none to sell, and from then on its codes count.
  const counts = [plan.stock[0], plan.stock[1], 0];
  const [p1, p2, p3] = await Promise.all(
    PRICES.map((price, i) =>
      publishProduct(seller, categoryId, { price, count: counts[i] }, { sync: false }),
    ),
  );
  if (!p1 || !p2 || !p3) throw new Error("all three products must be published");
  // P3's flag before its codes: a plain update of an item a transaction is writing would be refused.
  const giftableP3 = async () => {
    await productService().setFlags(p3.id, { gift_available: 1 });
    if (plan.codes > 0) await uploadCodes(v1, p3.id, freshCodes(seller.id, plan.codes));
  };
  await Promise.all([productService().setFlags(p1.id, { gift_available: 1 }), giftableP3()]);
  return {
    seller: { id: seller.id, v1, totpSecret: sellerAccount.totp_secret },
    resellers: [first, second],
    products: [
      { name: "P1", id: p1.id, price: PRICES[0], initialStock: plan.stock[0], keyStock: false },
      { name: "P2", id: p2.id, price: PRICES[1], initialStock: plan.stock[1], keyStock: false },
      { name: "P3", id: p3.id, price: PRICES[2], initialStock: plan.codes, keyStock: true },
    ],
    setupCredits: new Map(
      [
        [sellerAccount.seller_id, plan.sellerFunds] as const,
        [first.id, plan.funds[0]] as const,
        [second.id, plan.funds[1]] as const,
      ].filter(([, amount]) => amount > 0),
    ),
  };
};
