/** Where a seller POSTs an order's goods: the webhook's `delivery_url` for this token. */
export const deliveryUrl = (publicBaseUrl: string, token: string): string =>
  `${publicBaseUrl.replace(/\/+$/, "")}/api/v1/orders/delivery/${token}`;
