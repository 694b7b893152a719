// Examples share these ids, so the documents read as one story.
export const PRODUCT_ID = "01KAQ7Y3M2E8R5T9W4X6Z0B1C2";
export const ORDER_ID = "01KAQ8C4N7P2S6V1D3F5G8H0JK";
export const SELLER_ID = 1042;
export const CATEGORY_ID = 501;
