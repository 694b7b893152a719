import { type AccountRecord, SellerModeration } from "../accounts/account.js";
import type { AccountStore } from "../accounts/account-repository.js";
import { isPublic } from "../catalogue/catalogue-listing.js";
import { isH2h } from "../catalogue/public-product.js";
import { blockedCategory, isBlockedForResellers } from "../categories/category.js";
import type { CategoryStore } from "../categories/category-repository.js";
import { refuse, worded } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import type { FeeStore } from "../fees/fee-repository.js";
import { type FeeSchedule, rateFor } from "../fees/fee-schedule.js";
import type { IdempotencyClaim } from "../idempotency/idempotency-record.js";
import type { IdempotentRequests } from "../idempotency/idempotent-request.js";
import { isId, newId } from "../ids/ids.js";
import type { Randomness } from "../ids/randomness.js";
import { sellCodes } from "../key-stock/code-sale.js";
import { MAX_CODES_PER_ORDER } from "../key-stock/key-code-item.js";
import type { KeyCodeSource } from "../key-stock/key-stock-repository.js";
import type { MetricsSink } from "../observability/metrics-sink.js";
import { createPaidOrderIssuer } from "../paid-orders/paid-order-issuer.js";
import type { ProductRecord } from "../products/product.js";
import { unitPrice } from "../products/product-price.js";
import type { ProductStore } from "../products/product-repository.js";
import type { Clock } from "../time/clock.js";
import { checkedComment } from "./comment-rules.js";
import { newGiftCode } from "./gift-code.js";
import type { BuyBody, GiftBody } from "./purchase-body.js";
import type { PurchaseOutcome, PurchaseStore } from "./purchase-repository.js";

/** POST /buy's answer. */
export interface BuyResult {
  readonly order_id: string;
  readonly product_id: string;
  readonly quantity: number;
  readonly total: number;
  readonly currency: "RUB";
  readonly h2h: 1;
}

/** POST /gift's answer: the buy result, flagged as a gift, with its code. */
export interface GiftResult extends BuyResult {
  readonly gift: 1;
  readonly gift_code: string;
}

/** An answer and whether it replays an earlier request with the same Idempotency-Key. */
export interface PurchaseAnswer<T> {
  readonly data: T;
  readonly replayed: boolean;
}

/** A seller may change a price between our read and the charge; the purchase is priced again this often. */
const PRICING_ATTEMPTS = 3;

const productNotFound = () => refuse(refusals.productNotFound);
const giftUnavailable = () => refuse(refusals.giftUnavailable);

/** What a purchase reads first, together: the product and the buyer. */
interface FirstReads {
  readonly product: ProductRecord;
  readonly buyer: AccountRecord | undefined;
  /** The marketplace's fee rates (#25), read with them; none without a fee store. */
  readonly fees: FeeSchedule | undefined;
}

/** What a purchase checks before charging, read once per attempt. */
interface Offer {
  readonly product: ProductRecord;
  readonly h2h: boolean;
  readonly sellerActive: boolean;
}

/**
 * Reseller purchases from balance (POST /buy, POST /gift): the spec's checks in the spec's order, then
 * one transaction that takes the stock, debits the buyer, writes the paid order and promises the seller's
 * webhook, so the v1 delivery flow (signed webhook, delivery, e-mail, seller credit) runs for it unchanged.
 */
export const createPurchaseService = (deps: {
  purchases: PurchaseStore;
  products: Pick<ProductStore, "get">;
  categories: Pick<CategoryStore, "get">;
  accounts: Pick<AccountStore, "findById">;
  idempotency: IdempotentRequests;
  /** Where a key product's sales find their codes. */
  keyCodes: KeyCodeSource;
  dataKey: () => Promise<Buffer>;
  now: Clock;
  random: Randomness;
  /** Counts orders paid from a balance, and the key-stock deliveries among them. */
  metrics: MetricsSink;
  /** The marketplace's fee rates (#25); without them no sale is charged a fee. */
  fees?: Pick<FeeStore, "schedule">;
}) => {
  const issuer = createPaidOrderIssuer(deps);

  /** The product, read consistently; anything not approved is not found. */
  const approvedProduct = async (productId: string): Promise<ProductRecord> => {
    const product = isId(productId) ? await deps.products.get(productId, { consistent: true }) : undefined;
    if (product?.status_moderation !== "approved") throw productNotFound();
    return product;
  };

  /** The product and the buyer, read together; the product's refusal comes first, as the spec orders them. */
  const firstReads = async (buyerId: number, productId: string): Promise<FirstReads> => {
    // The buyer (for the delivery e-mail's address) is read beside the product, not after it.
    const [product, buyer, fees] = await Promise.allSettled([
      approvedProduct(productId),
      deps.accounts.findById(buyerId),
      deps.fees?.schedule(),
    ]);
    if (product.status === "rejected") throw product.reason;
    if (buyer.status === "rejected") throw buyer.reason;
    if (fees.status === "rejected") throw fees.reason;
    return { product: product.value, buyer: buyer.value, fees: fees.value };
  };

  /** The full offer: the product's category and seller read and checked in the spec's order, or the error that says why not. */
  const offerFor = async (buyerId: number, product: ProductRecord): Promise<Offer> => {
    const [category, seller] = await Promise.all([
      deps.categories.get(product.id_categories),
      deps.accounts.findById(product.seller_id),
    ]);
    // The spec's order: not public (no such category, or an inactive one) is 404 before a blocked one is 403.
    if (category?.status !== "active" || !seller) throw productNotFound();
    if (isBlockedForResellers(product.id_categories)) throw blockedCategory();
    if (!isPublic(product, category)) throw productNotFound();
    if (product.seller_id === buyerId) throw refuse(refusals.selfPurchase);
    return {
      product,
      h2h: isH2h(product, seller),
      sellerActive: seller.status_moderation !== SellerModeration.blocked,
    };
  };

  /**
   * The offer as it is when the category is active and the seller able to sell, which the purchase's
   * transaction then checks (PurchaseWrite.guards) instead of reading both first: one round fewer. Any
   * refusal is decided on the full offer, so errors keep the spec's order.
   */
  const presumedOffer = (buyerId: number, product: ProductRecord): Offer | undefined =>
    isBlockedForResellers(product.id_categories) || product.seller_id === buyerId
      ? undefined
      : { product, h2h: true, sellerActive: true };

  /** The checks of `check` on the presumed offer, or on the full one when the presumed one is refused. */
  const checkedOffer = async (
    buyerId: number,
    product: ProductRecord,
    check: (offer: Offer) => { comment?: string },
  ): Promise<{ offer: Offer; comment?: string }> => {
    const presumed = presumedOffer(buyerId, product);
    if (presumed) {
      try {
        return { offer: presumed, ...check(presumed) };
      } catch {
        // Refused on what the product alone says: the full offer decides which refusal comes first.
      }
    }
    const offer = await offerFor(buyerId, product);
    return { offer, ...check(offer) };
  };

  const outcomeError = (
    outcome: Exclude<PurchaseOutcome, "ok" | "price_changed" | "stock_changed" | "offer_changed" | object>,
  ) => {
    switch (outcome) {
      case "insufficient_stock":
        return refuse(refusals.insufficientStock);
      case "insufficient_balance":
        return refuse(refusals.insufficientBalance);
      case "product_unavailable":
        return refuse(refusals.productInactive);
      case "claim_lost":
        return refuse(refusals.requestInProgress);
    }
  };

  /** Prices and commits one purchase; a price change meanwhile re-reads the offer and prices again. */
  const purchase = async <T extends BuyResult>(input: {
    buyerId: number;
    productId: string;
    /** The first attempt's product, and the buyer (`firstReads`). */
    reads: Promise<FirstReads>;
    quantity: number;
    check: (offer: Offer) => { comment?: string };
    giftCode: string | undefined;
    answer: (result: BuyResult) => T;
    claim: IdempotencyClaim | undefined;
  }): Promise<T> => {
    const first = await input.reads;
    const { buyer } = first;
    if (!buyer) throw refuse(refusals.accountNotFound);
    for (let attempt = 0; attempt < PRICING_ATTEMPTS; attempt++) {
      const product = attempt === 0 ? first.product : await approvedProduct(input.productId);
      const { comment } = await checkedOffer(input.buyerId, product, input.check);
      const keyed = product.key_stock === 1;
      if (keyed && input.quantity > MAX_CODES_PER_ORDER)
        throw refuse(worded(refusals.keyOrderTooLarge, { max: MAX_CODES_PER_ORDER }));
      let data: T | undefined;
      /** Prices the purchase (with a key product's codes) and commits it once. */
      const commit = async (codeIds?: readonly string[]): Promise<PurchaseOutcome> => {
        const at = deps.now();
        const orderId = newId(at.getTime());
        const unit = unitPrice(product.price, product.discount);
        const total = unit * input.quantity;
        const paid = await issuer.purchase(
          {
            id_order: orderId,
            seller_id: product.seller_id,
            product_id: product.id,
            quantity: input.quantity,
            unit_price: unit,
            amount: total,
            buyer_email: buyer.email,
            buyer_type: "registered",
            buyer_account_id: buyer.account_id,
            guest_id: "",
            created_at: at.toISOString(),
            expires_at: at.toISOString(),
            channel: "reseller",
            h2h: 1,
            category_id: product.id_categories,
            ...(comment === undefined ? {} : { comment }),
            ...(input.giftCode === undefined ? {} : { gift: 1 as const, gift_code: input.giftCode }),
          },
          { price: product.price, discount: product.discount },
          codeIds,
          first.fees &&
            rateFor(first.fees, { sellerId: product.seller_id, categoryId: product.id_categories }),
        );
        data = input.answer({
          order_id: orderId,
          product_id: product.id,
          quantity: input.quantity,
          total,
          currency: "RUB",
          h2h: 1,
        });
        return deps.purchases.commit({
          paid,
          ...(input.claim ? { idempotency: { claim: input.claim, answer: { status: 201, data } } } : {}),
          guards: {
            categoryId: product.id_categories,
            sellerId: product.seller_id,
            // A key product delivers its own codes: it needs no webhook to be H2H.
            sellerWebhookRequired: !keyed && product.api_url === "",
          },
        });
      };
      const outcome = keyed
        ? await sellCodes({ ...deps.keyCodes, random: deps.random }, product.id, input.quantity, commit)
        : await commit();
      if (outcome === "ok" && data !== undefined) {
        deps.metrics.count("ordersPaid");
        // A key product's codes were handed over in the purchase's write.
        if (keyed) deps.metrics.delivered("key_stock");
        return data;
      }
      if (outcome === "no_codes") throw refuse(refusals.insufficientStock);
      if (outcome === "busy") throw refuse(refusals.keyStockBusy);
      if (outcome === "offer_changed") {
        // The category or seller is not as presumed: the full offer says why (or, changed back, we retry).
        input.check(await offerFor(input.buyerId, product));
        continue;
      }
      // The seller changed the price, or the product started selling uploaded codes: read it again.
      if (outcome === "price_changed" || outcome === "stock_changed") continue;
      if (typeof outcome === "object" || outcome === "ok")
        throw new Error(`Purchase of ${product.id} ended as ${JSON.stringify(outcome)}`);
      throw outcomeError(outcome);
    }
    throw refuse(refusals.priceChangedBuying);
  };

  return {
    /** POST /buy: checks in the spec's order, then one transaction (stock, then balance). */
    async buy(buyerId: number, body: BuyBody, idempotencyKey?: string): Promise<PurchaseAnswer<BuyResult>> {
      const answer = await deps.idempotency.run<BuyResult, FirstReads>(
        { accountId: buyerId, key: idempotencyKey, route: "POST /buy", body },
        () => firstReads(buyerId, body.product_id),
        async (claim, reads) => ({
          status: 201,
          data: await purchase({
            buyerId,
            productId: body.product_id,
            reads,
            quantity: body.quantity,
            giftCode: undefined,
            answer: (result) => result,
            claim,
            check: (offer) => {
              if (!offer.h2h) {
                throw refuse(refusals.h2hDisabled);
              }
              if (!offer.sellerActive) throw refuse(refusals.productInactive);
              return { comment: checkedComment(offer.product, body.comment) };
            },
          }),
        }),
      );
      return { data: answer.data, replayed: answer.replayed };
    },

    /** POST /gift: one unit of an H2H product that allows gifts, with a code for the buyer. */
    async gift(
      buyerId: number,
      body: GiftBody,
      idempotencyKey?: string,
    ): Promise<PurchaseAnswer<GiftResult>> {
      const giftCode = newGiftCode(deps.random);
      const answer = await deps.idempotency.run<GiftResult, FirstReads>(
        { accountId: buyerId, key: idempotencyKey, route: "POST /gift", body },
        () => firstReads(buyerId, body.product_id),
        async (claim, reads) => ({
          status: 201,
          data: await purchase({
            buyerId,
            productId: body.product_id,
            reads,
            quantity: 1,
            giftCode,
            answer: (result): GiftResult => ({ ...result, gift: 1, gift_code: giftCode }),
            claim,
            check: (offer) => {
              // A product that requires a buyer comment cannot be gifted: a gift carries none.
              const giftable =
                offer.h2h &&
                offer.sellerActive &&
                offer.product.gift_available === 1 &&
                offer.product.comment_status !== 1 &&
                offer.product.count >= 1;
              if (!giftable) throw giftUnavailable();
              return {};
            },
          }),
        }),
      );
      return { data: answer.data, replayed: answer.replayed };
    },
  };
};

export type PurchaseService = ReturnType<typeof createPurchaseService>;
