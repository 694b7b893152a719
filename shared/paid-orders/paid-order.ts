import type { ChatMessageRecord } from "../chat/chat-message.js";
import type { AppliedFee } from "../fees/applied-fee.js";
import type { BalanceMovement } from "../ledger/ledger-entry.js";
import type { OrderRecord } from "../orders/order.js";
import type { OutboxEvent } from "../outbox/outbox-event.js";
import type { QuotedPrice } from "../products/stock-take.js";

/** A storefront order paid by its provider's payment, from the state it was read in. */
export interface ProviderPayment {
  readonly kind: "payment";
  /** The order's state when read; the write pays it only while it is still in it. */
  readonly from: "wait" | "canceled";
  readonly paymentSystem: string;
  readonly paymentId: string;
}

/** A purchase from the buyer's balance (v2 /buy and /gift): the order is new and written paid. */
export interface BalancePurchase {
  readonly kind: "purchase";
  readonly order: OrderRecord;
  readonly debit: BalanceMovement;
}

/** How an order comes to be paid. */
export type PaidBy = ProviderPayment | BalancePurchase;

/** Stock a purchase takes at the price its buyer was quoted (its seller is among the purchase's own checks). */
export interface QuotedStock {
  readonly kind: "quoted";
  readonly productId: string;
  readonly quantity: number;
  readonly quoted: QuotedPrice;
}

/**
 * Stock a late payment of a canceled order takes again under the reservation's conditions (its seller may
 * still sell), at no quoted price: the buyer paid the order's amount, whatever the product costs now.
 */
export interface ReservedStock {
  readonly kind: "reserved";
  readonly productId: string;
  readonly quantity: number;
  readonly sellerId: number;
}

/** Stock the paying write takes; a payment in time takes none, its order holds it. */
export type StockTaken = QuotedStock | ReservedStock;

/**
 * A key product's order, delivered by the paying write itself: its codes handed to it (from the
 * available ones when the write takes its stock, else from those the order reserved), the seller
 * credited as delivery by hand credits, and the buyer's e-mail promised. Nothing is left to deliver.
 */
export interface KeyDelivery {
  readonly productId: string;
  readonly codeIds: readonly string[];
  readonly from: "available" | "reserved";
  /** The seller's credit for the sale (`kind: "sale"`), as any delivery writes it: the amount less the fee. */
  readonly credit: BalanceMovement;
  /** The buyer's e-mail with the codes (`order_delivered`). */
  readonly delivered: OutboxEvent;
}

/**
 * Everything the one write that makes an order paid consists of, decided before the write: the order,
 * the stock it takes, the buyer's debit, the delivery token, the seller's webhook and what else the order
 * promises. `paidOrderItems` turns it into that write's transaction items.
 */
export interface PaidOrder<By extends PaidBy = PaidBy> {
  readonly orderId: string;
  readonly sellerId: number;
  /** The order's amount, kept on the delivery token so delivery needs no read of the order. */
  readonly amount: number;
  /**
   * The marketplace's fee on the sale (#25), decided now and kept on the order and its delivery token, so
   * its delivery credits the seller the amount less it; none when no rate applies.
   */
  readonly fee?: AppliedFee;
  /** When the order became paid: the time every item of the write carries. */
  readonly at: string;
  readonly paidBy: By;
  readonly stock?: StockTaken;
  /** SHA-256 of the delivery token: the only form in which the token is stored. */
  readonly tokenHash: string;
  /** The token sealed with the data key: on the webhook's event, and kept on the order for its seller. */
  readonly tokenSealed: string;
  /** The seller's webhook (`payment_confirmed`) first, then anything else the order promises. */
  readonly events: readonly [OutboxEvent, ...OutboxEvent[]];
  /** Messages the order's chat opens with (a gift's code). */
  readonly chatMessages: readonly ChatMessageRecord[];
  /** A key product's order: delivered in the same write (its codes, the seller's credit, the e-mail). */
  readonly keys?: KeyDelivery;
}

/** A purchase's paid order: it always takes its stock, at the quoted price. */
export type PaidPurchase = PaidOrder<BalancePurchase> & { readonly stock: QuotedStock };
