/** The dashboard's sections, in the navigation's order. */
export const SECTIONS = [
  { hash: "#/", title: "Overview" },
  { hash: "#/products", title: "Products" },
  { hash: "#/orders", title: "Orders" },
  { hash: "#/profile", title: "Profile" },
  { hash: "#/payouts", title: "Payouts" },
] as const;
export type SectionHash = (typeof SECTIONS)[number]["hash"];

/** A page of the dashboard, as the address's hash names it (so a reload or a shared link stays on it). */
export type Route =
  | { readonly page: "overview" }
  | { readonly page: "products" }
  | { readonly page: "new-product" }
  | { readonly page: "product"; readonly id: string }
  | { readonly page: "orders" }
  | { readonly page: "order"; readonly id: string }
  | { readonly page: "profile" }
  | { readonly page: "payouts" };

// Ids of products and orders are ULIDs (26 of Crockford's base 32) or older sequence numbers: a hash
// naming anything else is not a page of the dashboard.
const ID = "([0-9A-Za-z]{1,40})";
const PATTERNS: readonly [RegExp, (id: string) => Route][] = [
  [/^#\/products\/new$/, () => ({ page: "new-product" })],
  [new RegExp(`^#/products/${ID}$`), (id) => ({ page: "product", id })],
  [new RegExp(`^#/orders/${ID}$`), (id) => ({ page: "order", id })],
  [/^#\/products$/, () => ({ page: "products" })],
  [/^#\/orders$/, () => ({ page: "orders" })],
  [/^#\/profile$/, () => ({ page: "profile" })],
  [/^#\/payouts$/, () => ({ page: "payouts" })],
];

/** The page a hash names; the overview for any other. */
export const routeOf = (hash: string): Route => {
  for (const [pattern, route] of PATTERNS) {
    const match = pattern.exec(hash);
    if (match) return route(match[1] ?? "");
  }
  return { page: "overview" };
};

/** The section of the navigation a page belongs to. */
export const sectionOf = (route: Route): SectionHash => {
  if (route.page === "product" || route.page === "new-product" || route.page === "products")
    return "#/products";
  if (route.page === "order" || route.page === "orders") return "#/orders";
  if (route.page === "profile") return "#/profile";
  if (route.page === "payouts") return "#/payouts";
  return "#/";
};

/** The address of a product's page. */
export const productHash = (id: string) => `#/products/${encodeURIComponent(id)}`;
/** The address of an order's page. */
export const orderHash = (id: string) => `#/orders/${encodeURIComponent(id)}`;
