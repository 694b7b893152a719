import { MAX_FEE_BASIS_POINTS } from "./sale-split.js";

/** What a fee rate applies to: the whole marketplace, one category, or one seller. */
export type FeeScope =
  | { readonly kind: "default" }
  | { readonly kind: "category"; readonly id: number }
  | { readonly kind: "seller"; readonly id: number };

/** Where the rate of a sale came from: the most specific scope that has one, or none at all. */
export type FeeSource = FeeScope["kind"] | "none";

/** The rate a sale is charged at, in basis points (1 = 0.01%), and the scope it came from. */
export interface FeeRate {
  readonly basisPoints: number;
  readonly source: FeeSource;
}

/** The rate of a sale no rate applies to. */
export const NO_FEE: FeeRate = { basisPoints: 0, source: "none" };

/** The most rates one schedule holds (the default, categories and sellers together): the item stays far below DynamoDB's 400 KB. */
export const MAX_FEE_RATES = 10_000;

/** The schedule's attribute that holds a scope's rate. */
export const feeRateAttribute = (scope: FeeScope): string =>
  scope.kind === "default" ? "default_bp" : `${scope.kind}_${scope.id}`;

/** The operator's rates, by `feeRateAttribute`. An empty schedule charges nothing. */
export interface FeeSchedule {
  readonly rates: ReadonlyMap<string, number>;
}

/** A rate as stored is one the operator could set: a whole number of basis points from 0 to the cap. */
const isRate = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= MAX_FEE_BASIS_POINTS;

/** The schedule in the stored item (absent: none set yet); anything that is not a rate attribute is ignored. */
export const feeScheduleOf = (item: Readonly<Record<string, unknown>> | undefined): FeeSchedule => {
  const rates = new Map<string, number>();
  for (const [name, value] of Object.entries(item ?? {})) {
    if (/^(default_bp|category_\d+|seller_\d+)$/.test(name) && isRate(value)) rates.set(name, value);
  }
  return { rates };
};

/**
 * The rate of a sale: the seller's if set, else its category's, else the marketplace default, else 0.
 * A sale whose category is unknown (an order taken before orders kept it) skips the category.
 */
export const rateFor = (
  schedule: FeeSchedule,
  sale: { readonly sellerId: number; readonly categoryId: number | undefined },
): FeeRate => {
  const scopes: FeeScope[] = [
    { kind: "seller", id: sale.sellerId },
    ...(sale.categoryId === undefined ? [] : [{ kind: "category" as const, id: sale.categoryId }]),
    { kind: "default" },
  ];
  for (const scope of scopes) {
    const basisPoints = schedule.rates.get(feeRateAttribute(scope));
    if (basisPoints !== undefined) return { basisPoints, source: scope.kind };
  }
  return NO_FEE;
};

/** A schedule as the operator reads it: each scope's rate, the default first, then categories, then sellers, by id. */
export const listedRates = (
  schedule: FeeSchedule,
): { scope: string; id: number | null; basis_points: number; percent: string }[] =>
  [...schedule.rates.entries()]
    .map(([name, basisPoints]) => {
      const [scope = "default", id] = name === "default_bp" ? ["default"] : name.split("_");
      return { scope, id: id === undefined ? null : Number(id), basis_points: basisPoints };
    })
    .sort(
      (a, b) =>
        ["default", "category", "seller"].indexOf(a.scope) -
          ["default", "category", "seller"].indexOf(b.scope) || (a.id ?? 0) - (b.id ?? 0),
    )
    .map((rate) => ({ ...rate, percent: percentOf(rate.basis_points) }));

/** Basis points as a percentage with two decimals: 750 → "7.50". */
export const percentOf = (basisPoints: number): string =>
  `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, "0")}`;
