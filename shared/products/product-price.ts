/** What a buyer pays per unit: the price less the discount, rounded in the buyer's favour. */
export const unitPrice = (price: number, discountPercent: number): number =>
  price - Math.floor((price * discountPercent) / 100);
