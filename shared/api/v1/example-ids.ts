// The v1 document's examples share these ids, so it reads as one story.

/** The product the examples sell. */
export const PRODUCT_ID = "01JQ6Z8M4T3R7V2X9K5B1N0HCD";
/** The order the examples read and deliver. */
export const ORDER_ID = "01JQ7A2B3C4D5E6F7G8H9J0KMN";
