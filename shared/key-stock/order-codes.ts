import { open } from "../secrets/sealed-box.js";
import type { KeyStockStore } from "./key-stock-repository.js";

/** One code of an order, opened. */
export interface OrderCode {
  readonly id: string;
  readonly code: string;
}

/**
 * An order's codes, opened, in the order the order names them: for its buyer's and its seller's reads
 * (the caller has checked who asks). Only a paid key order has any; a code is opened only while the
 * table says this order holds it.
 */
export const createOrderCodes = (deps: {
  store: Pick<KeyStockStore, "sealedCodesOf">;
  sealingKey: () => Promise<Buffer>;
}) => ({
  /** The codes delivered to `order`, opened; none for an order of a product without key stock. */
  async of(order: {
    readonly id_order: string;
    readonly seller_id: number;
    readonly key_codes?: readonly string[] | undefined;
    readonly delivered: boolean;
  }): Promise<OrderCode[]> {
    const ids = order.key_codes;
    if (!ids || ids.length === 0 || !order.delivered) return [];
    const [sealed, key] = await Promise.all([
      deps.store.sealedCodesOf(order.seller_id, order.id_order, ids),
      deps.sealingKey(),
    ]);
    return ids.flatMap((id) => {
      const code = sealed.get(id);
      return code === undefined ? [] : [{ id, code: open(key, code) }];
    });
  },
});

/** An order's codes, for the reads that show them. */
export type OrderCodes = ReturnType<typeof createOrderCodes>;
