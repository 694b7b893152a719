import { describe, expect, it } from "vitest";
import { buyerStatusOf } from "../../../shared/orders/buyer-history.js";
import { historyQuerySchema } from "../../../shared/orders/buyer-order-input.js";

describe("a buyer's view of order states", () => {
  it("shows wait as unpaid, a paid order with an open dispute as dispute, and paid otherwise", () => {
    expect(buyerStatusOf({ status: "wait" })).toBe("unpaid");
    expect(buyerStatusOf({ status: "paid" })).toBe("paid");
    expect(buyerStatusOf({ status: "paid", dispute_open: true })).toBe("dispute");
    expect(buyerStatusOf({ status: "paid", dispute_open: false })).toBe("paid");
    expect(buyerStatusOf({ status: "canceled" })).toBe("canceled");
  });
});

describe("GET /history parameters", () => {
  it("defaults page and limit and accepts every filter", () => {
    expect(
      historyQuerySchema.parse({
        status: "dispute",
        seller_id: "7",
        product_id: "P",
        date_from: "2026-02-28",
        date_to: "2026-03-01",
      }),
    ).toEqual({
      status: "dispute",
      seller_id: 7,
      product_id: "P",
      date_from: "2026-02-28",
      date_to: "2026-03-01",
      page: 1,
      limit: 20,
    });
  });

  it("refuses impossible dates and a range that ends before it starts", () => {
    expect(historyQuerySchema.safeParse({ date_from: "2026-02-29" }).success).toBe(false);
    expect(historyQuerySchema.safeParse({ date_from: "2028-02-29" }).success).toBe(true);
    expect(historyQuerySchema.safeParse({ date_to: "2026-1-01" }).success).toBe(false);
    expect(historyQuerySchema.safeParse({ date_from: "2026-03-02", date_to: "2026-03-01" }).success).toBe(
      false,
    );
    expect(historyQuerySchema.safeParse({ date_from: "2026-03-01", date_to: "2026-03-01" }).success).toBe(
      true,
    );
  });
});
