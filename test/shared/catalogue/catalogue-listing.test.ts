import { describe, expect, it } from "vitest";
import { isPublic, keepsPriceTree, listingOf } from "../../../shared/catalogue/catalogue-listing.js";
import type { Category } from "../../../shared/categories/category.js";
import type { ProductRecord } from "../../../shared/products/product.js";

const category: Category = { id: 101, name: "Game keys", slug: "game-keys", status: "active" };

const product = (overrides: Partial<ProductRecord> = {}): ProductRecord => ({
  id: "01M84QTVMR1RMGJ6TF16G0W7MG",
  seller_id: 7,
  id_categories: 101,
  name: "Elden Ring",
  name_key: "elden ring",
  meta_title: "t",
  meta_description: "Steam key",
  tags: "rpg",
  text_page: "A long page that is not searched.",
  price: 2500,
  count: 3,
  uuid: "u",
  features: "a,b,c",
  discount: 10,
  api_key: "",
  api_url: "",
  status_moderation: "approved",
  img: "https://img/x.png",
  img_key: "k",
  rating: 0,
  gift_available: 0,
  comment_status: 0,
  comment_regex: "",
  created_at: "2026-11-23T10:00:00.000Z",
  updated_at: "2026-11-23T10:00:00.000Z",
  ...overrides,
});

describe("catalogue listing", () => {
  it("lists an approved product of an active category in everything, its category, its seller and every word prefix", () => {
    expect(listingOf(product(), category)).toEqual({
      facets: [
        "A",
        "C#101",
        "S#7",
        "T#e",
        "T#el",
        "T#eld",
        "T#elde",
        "T#elden",
        "T#r",
        "T#ri",
        "T#rin",
        "T#ring",
        "T#s",
        "T#st",
        "T#ste",
        "T#stea",
        "T#steam",
        "T#k",
        "T#ke",
        "T#key",
      ],
      values: {
        product_id: "01M84QTVMR1RMGJ6TF16G0W7MG",
        price: 2250,
        in_stock: true,
        category_id: 101,
        seller_id: 7,
        words: " elden ring steam key ",
      },
    });
  });

  it("marks a product without stock as not in stock, and keeps it listed", () => {
    expect(listingOf(product({ count: 0 }), category)?.values.in_stock).toBe(false);
  });

  it.each([
    ["a draft", product({ status_moderation: "draft" }), category],
    ["a pending product", product({ status_moderation: "pending" }), category],
    ["a rejected product", product({ status_moderation: "rejected" }), category],
    ["a product of a missing category", product(), undefined],
    ["a product of an inactive category", product(), { ...category, status: "inactive" as const }],
    ["a product of category 700", product({ id_categories: 700 }), { ...category, id: 700 }],
    ["a product of category 7001", product({ id_categories: 7001 }), { ...category, id: 7001 }],
  ])("does not list %s", (_rule, item, itemCategory) => {
    expect(isPublic(item, itemCategory)).toBe(false);
    expect(listingOf(item, itemCategory)).toBeUndefined();
  });

  it("lists category 70 and 1700: only ids that start with 700 are blocked", () => {
    expect(isPublic(product({ id_categories: 70 }), { ...category, id: 70 })).toBe(true);
    expect(isPublic(product({ id_categories: 1700 }), { ...category, id: 1700 })).toBe(true);
  });

  it("keeps price trees for everything, categories and sellers, not for word facets", () => {
    expect(["A", "C#1", "S#2", "T#a"].map(keepsPriceTree)).toEqual([true, true, true, false]);
  });
});
