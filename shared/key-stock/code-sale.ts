import type { Randomness } from "../ids/randomness.js";

/** How many available codes a sale reads to choose from: enough that sales at the same moment seldom choose alike. */
export const candidateWindow = (quantity: number): number => Math.min(100, 10 * quantity + 40);

/**
 * How many writes a sale tries before it gives up. Each lost write means another sale or a withdrawal
 * got a code first, and each try reads the codes left afresh; once too few are left, the count's own
 * condition refuses the sale at once. Only a product emptied and refilled that often meanwhile runs out.
 */
export const CODE_SALE_ATTEMPTS = 32;

/**
 * How often a sale waits for the index when it lists fewer codes than the product counts (codes just
 * uploaded, or returned by an expiry, that the index does not list yet): 50 ms, then twice as long each
 * time, about 1.5 s in all. DynamoDB's global indexes usually catch up within a second.
 */
export const INDEX_LAG_WAITS = 5;

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
 * only while it covers the quantity); the choice only spreads sales over the codes. When the index lists
 * too few codes but the product's count (read consistently) covers the sale, the index is behind: the
 * sale waits for it (`INDEX_LAG_WAITS`). `no_codes` when the count does not cover the sale either;
 * `busy` after `CODE_SALE_ATTEMPTS` writes lost their codes.
 */
export const sellCodes = async <T>(
  deps: {
    /** The ids of up to `limit` of the product's available codes, oldest upload first. */
    candidates(productId: string, limit: number): Promise<readonly string[]>;
    /** The product's available codes as its `count` says, read consistently. */
    availableCount(productId: string): Promise<number>;
    random: Pick<Randomness, "bytes">;
    /** Waits `ms` (a timer; a test passes one that does not wait). */
    wait?: (ms: number) => Promise<void>;
  },
  productId: string,
  quantity: number,
  write: (codeIds: readonly string[]) => Promise<T | CodesTaken>,
): Promise<T | "no_codes" | "busy"> => {
  const wait = deps.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const taken = new Set<string>();
  let lagWaits = 0;
  for (let attempt = 0; attempt < CODE_SALE_ATTEMPTS; attempt++) {
    const candidates = await deps.candidates(productId, candidateWindow(quantity) + taken.size);
    const chosen = chooseCodes(
      candidates.filter((id) => !taken.has(id)),
      quantity,
      deps.random,
    );
    if (!chosen) {
      if (lagWaits >= INDEX_LAG_WAITS || (await deps.availableCount(productId)) < quantity) return "no_codes";
      await wait(50 * 2 ** lagWaits++);
      attempt--; // waiting for the index is not a lost write
      continue;
    }
    const outcome = await write(chosen);
    if (!isTaken(outcome)) return outcome;
    for (const id of outcome.codesTaken) taken.add(id);
  }
  return "busy";
};
