import { describe, expect, it } from "vitest";
import { MAX_PRICE, nodesCovering, prefixNodes } from "../../../shared/catalogue/price-tree.js";

/** Counts prices 1…p in a tree built from `prices`, the way the table's counters do. */
const prefixCount = (prices: readonly number[], p: number): number => {
  const nodes = new Map<number, number>();
  for (const price of prices)
    for (const node of nodesCovering(price)) nodes.set(node, (nodes.get(node) ?? 0) + 1);
  return prefixNodes(p).reduce((sum, node) => sum + (nodes.get(node) ?? 0), 0);
};

describe("price tree", () => {
  it("touches at most 24 nodes to add a price or to sum a prefix, at any price", () => {
    for (const price of [1, 2, 3, 1000, 4_194_304, 8_388_607, MAX_PRICE]) {
      expect(nodesCovering(price).length).toBeLessThanOrEqual(24);
      expect(prefixNodes(price).length).toBeLessThanOrEqual(24);
    }
  });

  it("has no node below price 1, and stops at the highest price", () => {
    expect(prefixNodes(0)).toEqual([]);
    expect(prefixNodes(-5)).toEqual([]);
    expect(nodesCovering(MAX_PRICE)).toEqual([MAX_PRICE]);
    expect(prefixNodes(MAX_PRICE + 100)).toEqual(prefixNodes(MAX_PRICE));
  });

  it("counts exactly the prices in every range of a random catalogue", () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const prices = Array.from({ length: 500 }, () => 1 + Math.floor(random() ** 3 * MAX_PRICE));
    for (let i = 0; i < 200; i++) {
      const a = 1 + Math.floor(random() * MAX_PRICE);
      const b = 1 + Math.floor(random() * MAX_PRICE);
      const [min, max] = a <= b ? [a, b] : [b, a];
      const expected = prices.filter((p) => p >= min && p <= max).length;
      expect(prefixCount(prices, max) - prefixCount(prices, min - 1), `${min}..${max}`).toBe(expected);
    }
  });
});
