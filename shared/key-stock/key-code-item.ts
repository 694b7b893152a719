import { defineTableItem } from "../data/table-item.js";
import { indexedCollections, indexMembership, keys } from "../data/table-keys.js";
import * as z from "../validation/zod-mini.js";

/**
 * Where a code stands: on sale, held for an unpaid storefront order, or handed to a paid order. A
 * withdrawn code is deleted, so it has no state (the product counts it in `key_withdrawn`).
 */
export const keyCodeStates = ["available", "reserved", "delivered"] as const;
export type KeyCodeState = (typeof keyCodeStates)[number];

/** The attribute that holds the sealed code: named once, so a projection or a log filter can find it. */
export const SEALED_CODE_ATTRIBUTE = "code_sealed";

/** What the seller's page reads of a code (`keyCodeTableItem.projections.page`): everything but the code. */
export const keyCodePageSchema = z.object({
  product_id: z.string(),
  code_id: z.string(),
  state: z.enum(keyCodeStates),
  /** The code's last characters (`codeEnd`): what the seller's page shows of it. */
  code_end: z.string(),
  uploaded_at: z.string(),
  /** The order that holds the code, while reserved or once delivered. */
  order_id: z.optional(z.string()),
});

/** One uploaded code as stored: sealed, with its end in the clear for the seller's page of codes. */
export const keyCodeRecordSchema = z.object({
  ...keyCodePageSchema.shape,
  seller_id: z.number().check(z.int()),
  [SEALED_CODE_ATTRIBUTE]: z.string(),
});

/** A code's item type; its readers' projections never name the sealed code unless they open it. */
export const keyCodeTableItem = defineTableItem({
  entity: "key_code",
  key: keys.keyCode,
  projections: {
    /** The seller's page of codes: what it shows, never the code. */
    page: ["code_id", "product_id", "state", "code_end", "uploaded_at", "order_id"],
    /** A sale or a read that opens the code for the order's buyer or seller. */
    opened: ["code_id", "product_id", "state", "order_id", SEALED_CODE_ATTRIBUTE],
  },
});

/** How many characters of a code its seller's page shows: 4, and never more than half of a short code. */
const SHOWN_END = 4;

/** The end of a code the seller's page shows (whole characters, so an emoji is never cut in two). */
export const codeEnd = (code: string): string => {
  const characters = Array.from(code);
  return characters
    .slice(characters.length - Math.min(SHOWN_END, Math.floor(characters.length / 2)))
    .join("");
};

/** The index attributes that list a code of `productId` under `state`, in upload order. */
export const keyCodeIndex = (productId: string, state: KeyCodeState, uploadedAt: string, id: string) =>
  indexMembership(indexedCollections.productKeyCodes, [productId, state], [uploadedAt, id]);

/** The stored item of a newly uploaded, available code. */
export const newKeyCodeItem = (code: {
  sellerId: number;
  productId: string;
  id: string;
  sealed: string;
  end: string;
  uploadedAt: string;
}) =>
  keyCodeTableItem.item([code.sellerId, code.id], {
    seller_id: code.sellerId,
    product_id: code.productId,
    code_id: code.id,
    state: "available" satisfies KeyCodeState,
    [SEALED_CODE_ATTRIBUTE]: code.sealed,
    code_end: code.end,
    uploaded_at: code.uploadedAt,
    ...keyCodeIndex(code.productId, "available", code.uploadedAt, code.id),
  });

/** The most codes one order of a key product takes: they move in the paying transaction itself. */
export const MAX_CODES_PER_ORDER = 50;
