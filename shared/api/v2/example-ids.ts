// Examples share these ids, so the documents read as one story, told on `npm run -s ops -- seed-demo`
// data: its category 101 (Game keys) and account 1, the first account of a fresh table (seed-demo's Demo
// Seller, or the README's first `account create`). Product and order ids are made as they are created;
// these stand for the ones a stack makes (the README's walk-through lists a product in category 101).
export const PRODUCT_ID = "01KAQ7Y3M2E8R5T9W4X6Z0B1C2";
export const ORDER_ID = "01KAQ8C4N7P2S6V1D3F5G8H0JK";
/** The seller of the examples' product: the first account of a fresh table. */
export const SELLER_ID = 1;
/** seed-demo's first category, Game keys. */
export const CATEGORY_ID = 101;
/** The name seed-demo gives its seller. */
export const SELLER_NAME = "Demo Seller";
