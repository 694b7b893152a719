import { describe, expect, it } from "vitest";
import { runOps, usageError } from "../../support/ops-cli.js";
import { sellerWithProduct, stockOf, stores } from "../../support/orders.js";

describe("ops CLI: order create", () => {
  it("creates a waiting storefront order that reserves stock and prints {id_order, status_order, amount}", async () => {
    const { productId } = await sellerWithProduct({ price: 500, discount: 20, count: 3 });
    const result = await runOps([
      "order",
      "create",
      "--product",
      productId,
      "--quantity",
      "2",
      "--email",
      "b@example.com",
    ]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as { id_order: string };
    expect(printed).toEqual({ id_order: printed.id_order, status_order: "wait", amount: 800 });
    expect((await stores().orders.get(printed.id_order))?.buyer_email).toBe("b@example.com");
    expect(await stockOf(productId)).toBe(1);
  });

  it("refuses more than the stock with exit 1 'Insufficient stock' and bad arguments with exit 2", async () => {
    const { productId } = await sellerWithProduct({ count: 1 });
    const short = await runOps([
      "order",
      "create",
      "--product",
      productId,
      "--quantity",
      "2",
      "--email",
      "b@example.com",
    ]);
    expect(short.code).toBe(1);
    expect(short.stderr).toBe("Insufficient stock\n");
    const zero = await runOps([
      "order",
      "create",
      "--product",
      productId,
      "--quantity",
      "0",
      "--email",
      "b@example.com",
    ]);
    expect(zero.code).toBe(2);
    expect(zero.stderr).toBe(
      usageError("quantity must be at least 1", "order create --product <id> --quantity <n> --email <buyer>"),
    );
    const noEmail = await runOps(["order", "create", "--product", productId, "--quantity", "1"]);
    expect(noEmail.code).toBe(2);
    expect(noEmail.stderr).toBe(
      usageError("--email is required", "order create --product <id> --quantity <n> --email <buyer>"),
    );
    expect(await stockOf(productId)).toBe(1);
  });

  it("order pay marks the order paid, prints {id_order, status_order} and is idempotent", async () => {
    const { productId } = await sellerWithProduct();
    const created = JSON.parse(
      (
        await runOps([
          "order",
          "create",
          "--product",
          productId,
          "--quantity",
          "1",
          "--email",
          "b@example.com",
        ])
      ).stdout,
    ) as { id_order: string };
    for (let i = 0; i < 2; i++) {
      const paid = await runOps(["order", "pay", created.id_order, "--payment-system", "card"]);
      expect(paid.code).toBe(0);
      expect(JSON.parse(paid.stdout)).toEqual({ id_order: created.id_order, status_order: "paid" });
    }
    expect((await stores().orders.get(created.id_order))?.payment_system).toBe("card");
    const bad = await runOps(["order", "pay", created.id_order, "--payment-system", "Card Pay!"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      usageError(
        "--payment-system must be 1-40 lower-case letters, digits, '-' or '_'",
        "order pay <id_order> [--payment-system <name>]",
      ),
    );
  });
});
