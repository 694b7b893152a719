import { describe, expect, it } from "vitest";
import { codeMoves } from "../../../shared/key-stock/code-moves.js";
import {
  CODE_SALE_ATTEMPTS,
  candidateWindow,
  chooseCodes,
  INDEX_LAG_WAITS,
  sellCodes,
} from "../../../shared/key-stock/code-sale.js";
import { codeEnd, keyCodeIndex } from "../../../shared/key-stock/key-code-item.js";

/** Randomness that always draws the same bytes, so a choice is the same every run. */
const fixed = (byte: number) => ({ bytes: (size: number) => Buffer.alloc(size, byte) });

describe("choosing a sale's codes", () => {
  it("reads 10 candidates per code wanted plus 40, at most 100", () => {
    expect([1, 2, 6, 50].map(candidateWindow)).toEqual([50, 60, 100, 100]);
  });

  it("chooses that many distinct codes among the candidates, or none when there are too few", () => {
    const candidates = ["a", "b", "c", "d", "e"];
    for (const byte of [0, 1, 7, 255]) {
      const chosen = chooseCodes(candidates, 3, fixed(byte)) ?? [];
      expect(chosen).toHaveLength(3);
      expect(new Set(chosen).size).toBe(3);
      for (const id of chosen) expect(candidates).toContain(id);
    }
    expect(chooseCodes(candidates, 6, fixed(0))).toBeUndefined();
    expect(chooseCodes(candidates, 5, fixed(3))?.sort()).toEqual(candidates);
  });
});

describe("selling codes", () => {
  it("writes once when the chosen codes are still there", async () => {
    const writes: (readonly string[])[] = [];
    const outcome = await sellCodes(
      { candidates: async () => ["a", "b", "c"], availableCount: async () => 3, random: fixed(0) },
      "P",
      2,
      async (ids) => {
        writes.push(ids);
        return "ok" as const;
      },
    );
    expect(outcome).toBe("ok");
    expect(writes).toHaveLength(1);
  });

  it("leaves out the codes another sale got, reads the candidates again and writes with the rest", async () => {
    const reads: number[] = [];
    const writes: (readonly string[])[] = [];
    const outcome = await sellCodes(
      {
        // The index may still list a code another sale took (it lags): the sale must not choose it again.
        candidates: async (_product, limit) => {
          reads.push(limit);
          return ["a", "b"];
        },
        availableCount: async () => 1,
        random: fixed(0),
      },
      "P",
      1,
      async (ids) => {
        writes.push(ids);
        return writes.length === 1 ? { codesTaken: [...ids] } : ("ok" as const);
      },
    );
    expect(outcome).toBe("ok");
    expect(writes).toHaveLength(2);
    expect(writes[1]).not.toEqual(writes[0]);
    expect(reads).toEqual([50, 51]);
  });

  it("answers no_codes when too few are listed and counted, and busy after losing its codes every time", async () => {
    expect(
      await sellCodes(
        { candidates: async () => ["a"], availableCount: async () => 1, random: fixed(0) },
        "P",
        2,
        async () => "ok" as const,
      ),
    ).toBe("no_codes");
    let writes = 0;
    let next = 0;
    const busy = await sellCodes(
      // Fresh codes on every read, each taken before the write lands.
      {
        candidates: async () => [`c${next++}`, `c${next++}`],
        availableCount: async () => 2,
        random: fixed(0),
      },
      "P",
      1,
      async (ids) => {
        writes += 1;
        return { codesTaken: [...ids] };
      },
    );
    expect(busy).toBe("busy");
    expect(writes).toBe(CODE_SALE_ATTEMPTS);
  });

  it("waits for an index that lists fewer codes than the product counts, and sells once it lists them", async () => {
    const waits: number[] = [];
    let reads = 0;
    const outcome = await sellCodes(
      {
        // Two codes just returned by an expiry: counted at once, listed by the index only on its third read.
        candidates: async () => (++reads < 3 ? [] : ["a", "b"]),
        availableCount: async () => 2,
        random: fixed(0),
        wait: async (ms) => {
          waits.push(ms);
        },
      },
      "P",
      2,
      async () => "ok" as const,
    );
    expect(outcome).toBe("ok");
    expect(waits).toEqual([50, 100]);
    // An index that never catches up is waited for INDEX_LAG_WAITS times, then the sale finds none.
    const gaveUp: number[] = [];
    expect(
      await sellCodes(
        {
          candidates: async () => [],
          availableCount: async () => 5,
          random: fixed(0),
          wait: async (ms) => {
            gaveUp.push(ms);
          },
        },
        "P",
        1,
        async () => "ok" as const,
      ),
    ).toBe("no_codes");
    expect(gaveUp).toEqual([50, 100, 200, 400, 800].slice(0, INDEX_LAG_WAITS));
  });
});

describe("a code's place", () => {
  it("shows 4 characters of a code, never more than half of a short one, never half a character", () => {
    expect(["ABCD-EFGH-1234", "ABCDEFGH", "ABCDE", "AB", "A", "KEY-🎮🎮🎮🎮"].map(codeEnd)).toEqual([
      "1234",
      "EFGH",
      "DE",
      "B",
      "",
      "🎮🎮🎮🎮",
    ]);
  });

  it("moves a code only from where the move expects it, and lists it under its new state", () => {
    const [reserve] = codeMoves("t", {
      sellerId: 7,
      productId: "P",
      ids: ["id1"],
      from: { state: "available" },
      to: { state: "reserved", orderId: "O" },
    });
    expect(reserve?.Update).toEqual({
      TableName: "t",
      Key: { PK: "KEYCODE#7#id1", SK: "KEYCODE" },
      UpdateExpression: "SET #state = :to, #list = :list, order_id = :order",
      ConditionExpression: "#state = :from AND product_id = :product",
      ExpressionAttributeNames: { "#state": "state", "#list": "GSI4PK" },
      ExpressionAttributeValues: {
        ":from": "available",
        ":to": "reserved",
        ":product": "P",
        ":list": keyCodeIndex("P", "reserved", "t0", "id1").GSI4PK,
        ":order": "O",
      },
    });
    const [release] = codeMoves("t", {
      sellerId: 7,
      productId: "P",
      ids: ["id1"],
      from: { state: "reserved", orderId: "O" },
      to: { state: "available" },
    });
    expect(release?.Update?.UpdateExpression).toBe("SET #state = :to, #list = :list REMOVE order_id");
    expect(release?.Update?.ConditionExpression).toBe(
      "#state = :from AND product_id = :product AND order_id = :held",
    );
  });
});
