import { describe, expect, it } from "vitest";
import type { ProductRecord } from "../../../shared/products/product.js";
import {
  countMoves,
  countOfFilter,
  countsOf,
  listFilterOf,
  MAX_NAME_ENTRIES,
  matchesSearch,
  NAME_ENTRY_CHARS,
  nameEntryWords,
  nameWords,
  passesFilter,
  phraseKey,
  type SellerListing,
} from "../../../shared/products/seller-lists.js";

const listing = (status: SellerListing["status"], categoryId: number): SellerListing => ({
  sellerId: 7,
  productId: "01P",
  createdAt: "t",
  status,
  categoryId,
  names: ["x"],
});

const phraseOf = (search: string): string => {
  const filter = listFilterOf({ search });
  if (typeof filter !== "object" || filter.phrase === undefined) throw new Error(`no phrase for ${search}`);
  return filter.phrase;
};

describe("seller list rules", () => {
  it("a name's words are its runs of letters and digits, lower-cased, accents and punctuation dropped, repeats kept", () => {
    expect(nameWords("Elden Ring: Key (Café) — key")).toEqual(["elden", "ring", "key", "cafe", "key"]);
    // Folded as the v2 catalogue folds (й → и, ё → е), the same for names and searches.
    expect(nameWords("Ключ Игры Первый Ёлка")).toEqual(["ключ", "игры", "первыи", "елка"]);
    expect(matchesSearch("Ключ Игры Первый", phraseOf("игры ПЕРВЫЙ"))).toBe(true);
    expect(nameWords("!!! ---")).toEqual([]);
  });

  it("a name has one entry per word start, keyed by the words from there on: at most 40, each at most 200 characters", () => {
    expect(nameEntryWords("Elden Ring Key")).toEqual(["elden ring key", "ring key", "key"]);
    expect(nameEntryWords("key key")).toEqual(["key key", "key"]);
    const many = Array.from({ length: 45 }, (_, i) => `w${i + 1}`).join(" ");
    const entries = nameEntryWords(many);
    expect(entries).toHaveLength(MAX_NAME_ENTRIES);
    expect(entries.at(-1)).toBe(Array.from({ length: 6 }, (_, i) => `w${i + 40}`).join(" "));
    const long = Array.from({ length: 22 }, (_, i) => `word${String(i).padStart(2, "0")}xxxx`).join(" ");
    expect(Math.max(...nameEntryWords(long).map((words) => [...words].length))).toBe(NAME_ENTRY_CHARS);
  });

  it("search matches names whose words, from one of their first 40 word starts, begin with the search's words", () => {
    const name = "Elden Ring Key (Steam, Global)";
    for (const search of [
      "ELDEN",
      "eld",
      "ring KEY",
      "ring-key",
      "ring ke",
      "key steam glob",
      "Elden Ring Key Steam Global",
    ])
      expect(matchesSearch(name, phraseOf(search)), search).toBe(true);
    for (const search of ["lden", "elden key", "ring keys", "global steam", "Elden Ring Key Steam Global X"])
      expect(matchesSearch(name, phraseOf(search)), search).toBe(false);
    const many = Array.from({ length: 45 }, (_, i) => `w${i + 1}`).join(" ");
    expect(matchesSearch(many, "w40 w41")).toBe(true);
    expect(matchesSearch(many, "w41")).toBe(false);
  });

  it("a search longer than an entry's key is read by its first 200 characters and checked against the names", () => {
    expect(phraseKey("ring key")).toEqual({ key: "ring key", checkNames: false });
    const long = "x".repeat(250);
    expect(phraseKey(long)).toEqual({ key: "x".repeat(NAME_ENTRY_CHARS), checkNames: true });
  });

  it("reads the query's filters: empty values are no filter, values that can match nothing say so", () => {
    expect(listFilterOf({})).toBeUndefined();
    expect(listFilterOf({ status: "", category: "", search: "   " })).toBeUndefined();
    expect(listFilterOf({ status: "pending", category: "101", search: " Ring  KEY! " })).toEqual({
      status: "pending",
      categoryId: 101,
      phrase: "ring key",
    });
    for (const query of [
      { status: "bogus" },
      { status: "Draft" },
      { category: "abc" },
      { category: "0" },
      { category: "012" },
      { category: "2147483648" },
      { category: "1.5" },
      { search: "!!!" },
      { status: "draft", search: "<>" },
    ])
      expect(listFilterOf(query), JSON.stringify(query)).toBe("nothing");
  });

  it("names the count of a status, a category, or both", () => {
    expect(countOfFilter({ status: "draft" })).toBe("status#draft");
    expect(countOfFilter({ categoryId: 5 })).toBe("category#5");
    expect(countOfFilter({ status: "draft", categoryId: 5, phrase: "x" })).toBe("status#draft#category#5");
    expect(() => countOfFilter({ phrase: "x" })).toThrow();
  });

  it("moves counts by the difference of the lists before and after, leaving out what does not change", () => {
    expect(Object.fromEntries(countMoves(undefined, listing("draft", 5), 1))).toEqual({
      products: 1,
      indexed: 1,
      "status#draft": 1,
      "category#5": 1,
      "status#draft#category#5": 1,
    });
    expect(Object.fromEntries(countMoves(listing("draft", 5), listing("pending", 5), 0))).toEqual({
      "status#draft": -1,
      "status#pending": 1,
      "status#draft#category#5": -1,
      "status#pending#category#5": 1,
    });
    expect(Object.fromEntries(countMoves(listing("approved", 5), listing("approved", 5), 0))).toEqual({});
    // A product from before the lists is in none: deleting it moves only the product count.
    expect(Object.fromEntries(countMoves(undefined, undefined, -1))).toEqual({ products: -1 });
    // Indexing one moves every count but the product count.
    expect(Object.fromEntries(countMoves(undefined, listing("rejected", 9), 0))).toEqual({
      indexed: 1,
      "status#rejected": 1,
      "category#9": 1,
      "status#rejected#category#9": 1,
    });
  });

  it("builds the counts of a seller's products, counting lists only for indexed ones", () => {
    const row = (status: ProductRecord["status_moderation"], category: number, indexed: boolean) => ({
      status_moderation: status,
      id_categories: category,
      ...(indexed ? { lists_indexed: 1 as const } : {}),
    });
    expect(countsOf([row("draft", 1, true), row("draft", 2, true), row("approved", 1, false)])).toEqual({
      products: 3,
      indexed: 2,
      "status#draft": 2,
      "category#1": 1,
      "category#2": 1,
      "status#draft#category#1": 1,
      "status#draft#category#2": 1,
    });
  });

  it("a filter holds when each of its parts does", () => {
    const product = { name: "Elden Ring Key", status_moderation: "pending" as const, id_categories: 5 };
    expect(passesFilter(product, { status: "pending", categoryId: 5, phrase: "ring" })).toBe(true);
    expect(passesFilter(product, { status: "draft", phrase: "ring" })).toBe(false);
    expect(passesFilter(product, { categoryId: 6 })).toBe(false);
    expect(passesFilter(product, { phrase: "key ring" })).toBe(false);
  });
});
