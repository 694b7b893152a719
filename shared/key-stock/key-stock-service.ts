import type { PageCursors } from "../data/page-cursor.js";
import { refuse, worded } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { isId } from "../ids/ids.js";
import type { ProductRecord } from "../products/product.js";
import { seal } from "../secrets/sealed-box.js";
import type { Clock } from "../time/clock.js";
import { dateTime } from "../time/formats.js";
import { CURSOR_PAGE_DEFAULT } from "../validation/cursor-page.js";
import { CODE_ID_PATTERN, codeId } from "./code-id.js";
import { MAX_CODES_PER_UPLOAD } from "./key-code.js";
import { codeEnd, type KeyCodeState } from "./key-code-item.js";
import { CODES_PER_WRITE, type KeyStockStore, type NewKeyCode } from "./key-stock-repository.js";
import type { KeyCodeInventoryQuery, KeyCodeWithdrawal } from "./key-stock-requests.js";
import { checkUploadedCodes, type RefusedCode, type UploadedValue } from "./uploaded-codes.js";

/** The most available codes one product holds: its stock, and a bound on what one seller can store. */
export const MAX_AVAILABLE_CODES = 10_000;

/** How often a write of codes reads its product again after the product changed under it. */
const PRODUCT_RETRIES = 5;

/** The keys key stock works under: codes are sealed with one and named (`codeId`) with the other. */
export interface KeyStockKeys {
  readonly sealing: Buffer;
  readonly ids: Buffer;
}

/** A product's codes by state, as the seller's answers show them. */
export interface KeyCodeCounts {
  readonly available: number;
  readonly reserved: number;
  readonly delivered: number;
  readonly withdrawn: number;
}

/** A code the seller asked to withdraw and could not, with why. */
export interface RefusedWithdrawal {
  readonly id: string;
  readonly reason: string;
}

/** The counts of a product: all zero until its first upload, then what its transactions keep. */
export const keyCodeCounts = (product: ProductRecord): KeyCodeCounts =>
  product.key_stock === 1
    ? {
        available: product.count,
        reserved: product.key_reserved ?? 0,
        delivered: product.key_delivered ?? 0,
        withdrawn: product.key_withdrawn ?? 0,
      }
    : { available: 0, reserved: 0, delivered: 0, withdrawn: 0 };

/** A code waiting to be stored, with its position in the seller's upload. */
interface PendingCode extends NewKeyCode {
  readonly position: number;
}

/** The cursor list of one product's page of codes of one state (a cursor opens only for the same one). */
const codesList = (productId: string, state: KeyCodeState) => `key-codes:${productId}:${state}`;

/** Uploaded key stock, seller side: upload codes, see them by state, withdraw unsold ones. */
export const createKeyStockService = (deps: {
  /** A product read after every write that has succeeded (consistently). */
  product(productId: string): Promise<ProductRecord | undefined>;
  store: KeyStockStore;
  keys: () => Promise<KeyStockKeys>;
  cursors: PageCursors;
  now: Clock;
}) => {
  /** The seller's product, read after every write that has succeeded; another seller's is not found. */
  const owned = async (sellerId: number, productId: string): Promise<ProductRecord> => {
    const product = isId(productId) ? await deps.product(productId) : undefined;
    if (!product || product.seller_id !== sellerId) throw refuse(refusals.productNotOwned);
    return product;
  };

  return {
    /**
     * Adds the upload's codes to the seller's product, each checked as text and refused when it repeats
     * one of the upload or one the seller holds already; the rest are stored, 99 per transaction with the
     * product's count, so a failure part-way leaves every stored code counted.
     */
    async upload(sellerId: number, productId: string, values: readonly UploadedValue[]) {
      // The product named first, as every route does; then the upload's own refusals.
      let product = await owned(sellerId, productId);
      if (values.length === 0) throw refuse(refusals.uploadHoldsNoCodes);
      if (values.length > MAX_CODES_PER_UPLOAD)
        throw refuse(worded(refusals.tooManyCodesInUpload, { max: MAX_CODES_PER_UPLOAD }));
      const { accepted, refused } = checkUploadedCodes(values);
      const already = product.key_stock === 1 ? product.count : 0;
      if (already + accepted.length > MAX_AVAILABLE_CODES)
        throw refuse(worded(refusals.keyStockFull, { max: MAX_AVAILABLE_CODES }));
      const keys = await deps.keys();
      const at = deps.now().toISOString();
      const pending: PendingCode[] = accepted.map(({ position, code }) => ({
        position,
        id: codeId(keys.ids, sellerId, code),
        sealed: seal(keys.sealing, code),
        end: codeEnd(code),
      }));
      const refusedCodes: RefusedCode[] = [...refused];
      let added = 0;
      for (let from = 0; from < pending.length; from += CODES_PER_WRITE) {
        let chunk = pending.slice(from, from + CODES_PER_WRITE);
        let productRetries = 0;
        while (chunk.length > 0) {
          const outcome = await deps.store.add(product, chunk, at, MAX_AVAILABLE_CODES);
          if (outcome.kind === "ok") {
            added += chunk.length;
            product = {
              ...product,
              key_stock: 1,
              count: (product.key_stock === 1 ? product.count : 0) + chunk.length,
            };
            break;
          }
          if (outcome.kind === "codes") {
            const held = new Set(outcome.ids);
            for (const code of chunk) {
              if (held.has(code.id))
                refusedCodes.push({ position: code.position, reason: refusals.codeHeld.message });
            }
            chunk = chunk.filter((code) => !held.has(code.id));
            continue;
          }
          // The product moved under the write: a sale, another upload, or its first upload meanwhile.
          product = await owned(sellerId, productId);
          const full = product.key_stock === 1 && product.count + chunk.length > MAX_AVAILABLE_CODES;
          if (full || ++productRetries > PRODUCT_RETRIES) {
            // What is stored stays stored and counted; the codes not written yet are reported, not lost.
            const reason = full
              ? worded(refusals.keyStockFull, { max: MAX_AVAILABLE_CODES }).message
              : refusals.productChanged.message;
            for (const code of [...chunk, ...pending.slice(from + CODES_PER_WRITE)])
              refusedCodes.push({ position: code.position, reason });
            return {
              added,
              refused: refusedCodes.sort((a, b) => a.position - b.position),
              counts: keyCodeCounts(product),
            };
          }
        }
      }
      return {
        added,
        refused: refusedCodes.sort((a, b) => a.position - b.position),
        counts: keyCodeCounts(await owned(sellerId, productId)),
      };
    },

    /** The product's counts by state and one page of its codes of one state, newest upload first. */
    async inventory(sellerId: number, productId: string, query: KeyCodeInventoryQuery) {
      const product = await owned(sellerId, productId);
      const state = query.state ?? "available";
      const list = codesList(product.id, state);
      const start =
        query.cursor === undefined
          ? undefined
          : await deps.cursors.open(list, String(sellerId), query.cursor);
      if (query.cursor !== undefined && start === undefined) throw refuse(refusals.invalidCursor);
      const page = await deps.store.page(product, state, query.limit ?? CURSOR_PAGE_DEFAULT, start);
      if (page === "invalid_start") throw refuse(refusals.invalidCursor);
      return {
        key_stock: product.key_stock === 1 ? 1 : 0,
        counts: keyCodeCounts(product),
        codes: page.codes.map((code) => ({
          id: code.id,
          end: code.end,
          state: code.state,
          uploaded_at: dateTime(new Date(code.uploadedAt)),
          ...(code.orderId === undefined ? {} : { id_order: code.orderId }),
        })),
        next:
          page.next === undefined ? undefined : await deps.cursors.seal(list, String(sellerId), page.next),
      };
    },

    /**
     * Withdraws the product's available codes named (or all of them): each is deleted only while still
     * available, so a sale that got a code first keeps it, and the answer says which were not withdrawn.
     */
    async withdraw(sellerId: number, productId: string, target: KeyCodeWithdrawal) {
      let product = await owned(sellerId, productId);
      const refusedIds: RefusedWithdrawal[] = [];
      let withdrawn = 0;
      /** Withdraws one chunk of ids believed available; those a sale took meanwhile are reported. */
      const withdrawChunk = async (ids: readonly string[]) => {
        let chunk = [...ids];
        let productRetries = 0;
        while (chunk.length > 0) {
          const outcome = await deps.store.withdraw(product, chunk);
          if (outcome.kind === "ok") {
            withdrawn += chunk.length;
            return;
          }
          if (outcome.kind === "codes") {
            const taken = new Set(outcome.ids);
            const states = new Map((await deps.store.views(sellerId, outcome.ids)).map((c) => [c.id, c]));
            for (const id of outcome.ids) {
              const code = states.get(id);
              refusedIds.push({
                id,
                reason:
                  code && code.productId === product.id
                    ? worded(refusals.codeNotAvailable, { state: code.state }).message
                    : refusals.codeNotOnProduct.message,
              });
            }
            chunk = chunk.filter((id) => !taken.has(id));
            continue;
          }
          if (++productRetries > PRODUCT_RETRIES) throw refuse(refusals.productChanged);
          product = await owned(sellerId, productId);
        }
      };

      if (product.key_stock === 1) {
        if (target.all === true) {
          // One pass over the index, oldest first: every code available when the withdrawal began.
          let start: Record<string, unknown> | undefined;
          do {
            const page = await deps.store.availableIds(product.id, CODES_PER_WRITE, start);
            if (page.ids.length > 0) await withdrawChunk(page.ids);
            start = page.next;
          } while (start !== undefined);
        } else {
          const ids = [...new Set(target.ids ?? [])];
          const wellFormed = ids.filter((id) => CODE_ID_PATTERN.test(id));
          const found = new Map((await deps.store.views(sellerId, wellFormed)).map((c) => [c.id, c]));
          const available: string[] = [];
          for (const id of ids) {
            const code = found.get(id);
            if (!code || code.productId !== product.id)
              refusedIds.push({ id, reason: refusals.codeNotOnProduct.message });
            else if (code.state !== "available")
              refusedIds.push({
                id,
                reason: worded(refusals.codeNotAvailable, { state: code.state }).message,
              });
            else available.push(id);
          }
          for (let from = 0; from < available.length; from += CODES_PER_WRITE)
            await withdrawChunk(available.slice(from, from + CODES_PER_WRITE));
        }
      } else if (!("all" in target)) {
        for (const id of new Set(target.ids))
          refusedIds.push({ id, reason: refusals.codeNotOnProduct.message });
      }
      return { withdrawn, refused: refusedIds, counts: keyCodeCounts(await owned(sellerId, productId)) };
    },
  };
};

/** Key stock's seller routes as a service. */
export type KeyStockService = ReturnType<typeof createKeyStockService>;
