import { describe, expect, it } from "vitest";
import { createTestSeller } from "../support/catalogue.js";
import { request } from "../support/http.js";
import { watchBuyerEmail } from "../support/leak-scan.js";
import { v2Post } from "../support/purchases.js";

// The scan runs inside `request`, so every end-to-end test is also a leak test; proven here on a real echo.

describe("the response scan in test/support/http.ts", () => {
  it("fails the request whose response echoes a registered buyer e-mail, naming route and kind", async () => {
    const reseller = await createTestSeller();
    const email = `echo-${process.pid}-${Date.now()}@example.com`;
    watchBuyerEmail(email);
    // Removing a favorite echoes its product id, whatever it is: here, the registered address.
    await expect(
      v2Post(reseller.v2, "/api/v2/favorites", { product_id: email, action: "remove" }),
    ).rejects.toThrow("Response leak: POST /api/v2/favorites carries a buyer e-mail in its body");
  });

  it("lets the owner read their own API key in GET /api/v1/seller", async () => {
    const seller = await createTestSeller();
    const response = await request("GET", "/api/v1/seller", {
      headers: { Authorization: `Bearer ${seller.v1}` },
    });
    expect((response.body as { data: { api_key: string } }).data.api_key).toBe(seller.apiKey);
  });
});
