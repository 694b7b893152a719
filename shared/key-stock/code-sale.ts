import type { Randomness } from "../ids/randomness.js";

/** How many available codes a sale reads to choose from: enough that sales at the same moment seldom choose alike. */
export const candidateWindow = (quantity: number): number => Math.min(100, 10 * quantity + 40);

/**
 * How many writes a sale tries before it gives up. Each lost write means another sale or a withdrawal
 * got a code first, and each try reads the codes left afresh; once too few are left, the count's own
 * condition refuses the sale at once. Only a product emptied and refilled that often meanwhile runs out.
 */
export const CODE_SALE_ATTEMPTS = 32;

/** `quantity` of `candidates` chosen at random (a partial Fisher–Yates shuffle), or none when too few. */
export const chooseCodes = (
  candidates: readonly string[],
  quantity: number,
  random: Pick<Randomness, "bytes">,
): string[] | undefined => {
  if (candidates.length < quantity) return undefined;
  const pool = [...candidates];
  const bytes = random.bytes(4 * quantity);
  for (let i = 0; i < quantity; i++) {
    const j = i + (bytes.readUInt32BE(4 * i) % (pool.length - i));
    [pool[i], pool[j]] = [pool[j] as string, pool[i] as string];
  }
  return pool.slice(0, quantity);
};

/** A write that may find some of its chosen codes taken meanwhile, by id. */
export type CodesTaken = { readonly codesTaken: readonly string[] };

const isTaken = (outcome: unknown): outcome is CodesTaken =>
  typeof outcome === "object" && outcome !== null && "codesTaken" in outcome;

/**
 * Sells codes of a key product: chooses `quantity` at random among the oldest available ones and runs
 * `write` with them until it commits or is refused for a reason of its own. After a write lost codes to
 * another sale or a withdrawal, the candidates are read again (those it lost left out while the index
 * may still list them), so a retry chooses among what is really left. The write's
 * conditions are what make the choice safe (each code moves only while still available, and the count
 * only while it covers the quantity); the choice only spreads sales over the codes. `no_codes` when the
 * index lists too few available codes; `busy` after `CODE_SALE_ATTEMPTS` writes lost their codes.
 */
export const sellCodes = async <T>(
  deps: {
    /** The ids of up to `limit` of the product's available codes, oldest upload first. */
    candidates: (productId: string, limit: number) => Promise<readonly string[]>;
    random: Pick<Randomness, "bytes">;
  },
  productId: string,
  quantity: number,
  write: (codeIds: readonly string[]) => Promise<T | CodesTaken>,
): Promise<T | "no_codes" | "busy"> => {
  const taken = new Set<string>();
  for (let attempt = 0; attempt < CODE_SALE_ATTEMPTS; attempt++) {
    const candidates = await deps.candidates(productId, candidateWindow(quantity) + taken.size);
    const chosen = chooseCodes(
      candidates.filter((id) => !taken.has(id)),
      quantity,
      deps.random,
    );
    if (!chosen) return "no_codes";
    const outcome = await write(chosen);
    if (!isTaken(outcome)) return outcome;
    for (const id of outcome.codesTaken) taken.add(id);
  }
  return "busy";
};
