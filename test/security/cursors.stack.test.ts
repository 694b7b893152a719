import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { pageCursors } from "../../shared/runtime/page-cursors.js";
import { request } from "../support/http.js";
import { sellerWithProduct } from "../support/orders.js";
import { seedOrders, seedPayouts } from "../support/seller-history.js";

const invalidCursor = { status: 400, body: { status: "error", message: "Invalid cursor" } };

/** Every route that takes a cursor, with the name its cursors are sealed under. */
const cursorRoutes = [
  { path: "/api/v1/orders", list: "seller-orders", gsi: "GSI1" },
  { path: "/api/v1/payout/history", list: "seller-payouts", gsi: "GSI3" },
] as const;

describe.each(cursorRoutes)("cursors of $path", ({ path, list }) => {
  let token = "";
  let sellerId = 0;
  let issued = "";

  beforeAll(async () => {
    const seller = await sellerWithProduct({ count: 5 });
    token = seller.token;
    sellerId = seller.account.seller_id;
    if (path.endsWith("/orders")) await seedOrders(sellerId, seller.productId, 3);
    else await seedPayouts(sellerId, 3);
    const first = await request("GET", `${path}?limit=1`, { headers: { Authorization: `Bearer ${token}` } });
    issued = first.headers.get("x-next-cursor") ?? "";
    expect(issued).not.toBe("");
  });

  const answer = async (cursor: string) => {
    const response = await request("GET", `${path}?limit=1&cursor=${encodeURIComponent(cursor)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: response.body };
  };

  it("answers the issued cursor with the next page", async () => {
    expect((await answer(issued)).status).toBe(200);
  });

  it("refuses random strings with 400 Invalid cursor, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.stringMatching(/^[A-Za-z0-9_-]{1,300}\.[A-Za-z0-9_-]{1,40}$/),
          fc
            .jsonValue()
            .map((value) => `${Buffer.from(JSON.stringify(value)).toString("base64url")}.${"A".repeat(22)}`),
        ),
        async (cursor) => {
          // An empty cursor is a parameter without a value: the first page, not a cursor.
          fc.pre(cursor !== "");
          expect(await answer(cursor)).toEqual(invalidCursor);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("refuses forged positions of this very list and seller (any key values, empty ones included), bare or with a made-up MAC", async () => {
    const issuedPosition: Record<string, string> = JSON.parse(
      Buffer.from(issued.split(".")[0] ?? "", "base64url").toString("utf8"),
    );
    const names = Object.keys(issuedPosition);
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          Object.fromEntries(
            names.map((name) => [
              name,
              fc.oneof(fc.constant(issuedPosition[name] ?? ""), fc.string({ maxLength: 30 })),
            ]),
          ),
        ),
        fc.boolean(),
        async (position, withMac) => {
          const payload = Buffer.from(JSON.stringify(position)).toString("base64url");
          expect(await answer(withMac ? `${payload}.${"A".repeat(22)}` : payload)).toEqual(invalidCursor);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("refuses every mutation of an issued cursor with 400 Invalid cursor, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.string({ minLength: 1, maxLength: 4 }),
        fc.nat(2),
        async (at, text, kind) => {
          const i = at % issued.length;
          const mutated =
            kind === 0
              ? issued.slice(0, i) + text + issued.slice(i)
              : kind === 1
                ? issued.slice(0, i) + issued.slice(i + 1)
                : issued.slice(0, i) + text + issued.slice(i + text.length);
          fc.pre(mutated !== issued && mutated !== "");
          expect(await answer(mutated)).toEqual(invalidCursor);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("refuses a properly sealed cursor whose position is not a key of this seller's list (the second check)", async () => {
    const position = JSON.parse(Buffer.from(issued.split(".")[0] ?? "", "base64url").toString("utf8"));
    const keys = Object.keys(position);
    const partitionKey = keys.find((k) => k.endsWith("PK") && k !== "PK") ?? "";
    for (const forged of [
      { ...position, [partitionKey]: `${position[partitionKey]}9` },
      { ...position, extra: "x" },
      Object.fromEntries(Object.entries(position).filter(([k]) => k !== "SK")),
    ]) {
      expect(await answer(await pageCursors.seal(list, String(sellerId), forged))).toEqual(invalidCursor);
    }
  });
});
