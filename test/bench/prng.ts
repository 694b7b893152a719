/**
 * A small seeded pseudo-random generator (mulberry32), so a benchmark's synthetic data is the same on
 * every run and every machine.
 */
export interface Prng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** One element of a non-empty list, uniformly. */
  pick<T>(list: readonly T[]): T;
  /** True with probability p. */
  chance(p: number): boolean;
}

export const createPrng = (seed: number): Prng => {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick<T>(list: readonly T[]): T {
      const value = list[Math.floor(next() * list.length)];
      if (value === undefined) throw new Error("pick from an empty list");
      return value;
    },
    chance: (p) => next() < p,
  };
};

/** Picks by weight: `choices` are [value, weight] pairs with positive weights. */
export const weighted = <T>(prng: Prng, choices: readonly (readonly [T, number])[]): T => {
  const total = choices.reduce((sum, [, w]) => sum + w, 0);
  let r = prng.next() * total;
  for (const [value, w] of choices) {
    r -= w;
    if (r < 0) return value;
  }
  const last = choices[choices.length - 1];
  if (!last) throw new Error("weighted pick from an empty list");
  return last[0];
};

/**
 * A new list with the elements of `list` in an order drawn from `prng` (Fisher–Yates): every order is
 * equally likely, and the same seed gives the same order, so a run's order can be replayed.
 */
export const shuffled = <T>(prng: Prng, list: readonly T[]): T[] => {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = prng.int(0, i);
    const held = out[i] as T;
    out[i] = out[j] as T;
    out[j] = held;
  }
  return out;
};
