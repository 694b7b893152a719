import { describe, expect, it } from "vitest";
import {
  type ItemChange,
  sellerEventId,
  sellerEventJobsOf,
} from "../../../shared/webhooks/seller-event-facts.js";

const AT = "2026-11-27T10:00:00.000Z";

const order = (fields: Record<string, unknown>) => ({
  PK: "ORDER#01ORDER",
  SK: "ORDER",
  entity: "order",
  id_order: "01ORDER",
  seller_id: 42,
  product_id: "01PRODUCT",
  status: "paid",
  ...fields,
});

const product = (fields: Record<string, unknown>) => ({
  PK: "PRODUCT#01PRODUCT",
  SK: "PRODUCT",
  entity: "product",
  id: "01PRODUCT",
  seller_id: 42,
  key_stock: 1,
  count: 5,
  ...fields,
});

const modify = (before: Record<string, unknown>, after: Record<string, unknown>): ItemChange => ({
  changeId: "change-1",
  kind: "MODIFY",
  before,
  after,
  at: AT,
});

const factsOf = (change: ItemChange) => sellerEventJobsOf(change).map((job) => job.fact);

describe("seller event facts read off the table's changes", () => {
  it("an order going from wait to canceled is order.canceled at its canceled_at", () => {
    expect(
      factsOf(
        modify(
          order({ status: "wait" }),
          order({ status: "canceled", canceled_at: "2026-11-27T09:59:00.000Z" }),
        ),
      ),
    ).toEqual([
      {
        type: "order.canceled",
        seller_id: 42,
        id_order: "01ORDER",
        id_product: "01PRODUCT",
        at: "2026-11-27T09:59:00.000Z",
      },
    ]);
  });

  it("any other change of a canceled order, or another status move, is no event", () => {
    expect(factsOf(modify(order({ status: "canceled" }), order({ status: "canceled", note: 1 })))).toEqual(
      [],
    );
    expect(factsOf(modify(order({ status: "wait" }), order({ status: "paid" })))).toEqual([]);
    expect(factsOf(modify(order({ status: "canceled" }), order({ status: "paid" })))).toEqual([]);
  });

  it("dispute_open turning true is dispute.opened, turning false is dispute.closed, staying is nothing", () => {
    const opened = factsOf(
      modify(order({}), order({ dispute_open: true, dispute_opened_at: "2026-11-27T09:00:00.000Z" })),
    );
    expect(opened).toEqual([
      {
        type: "dispute.opened",
        seller_id: 42,
        id_order: "01ORDER",
        id_product: "01PRODUCT",
        at: "2026-11-27T09:00:00.000Z",
      },
    ]);
    const reopened = factsOf(modify(order({ dispute_open: false }), order({ dispute_open: true })));
    expect(reopened.map((fact) => [fact.type, fact.at])).toEqual([["dispute.opened", AT]]);
    const closed = factsOf(
      modify(
        order({ dispute_open: true }),
        order({ dispute_open: false, dispute_closed_at: "2026-11-27T09:30:00.000Z" }),
      ),
    );
    expect(closed.map((fact) => [fact.type, fact.at])).toEqual([
      ["dispute.closed", "2026-11-27T09:30:00.000Z"],
    ]);
    expect(
      factsOf(modify(order({ dispute_open: true }), order({ dispute_open: true, delivered: true }))),
    ).toEqual([]);
  });

  it("a buyer's chat message inserted is chat.message, by its order and position; the seller's and the service's are not", () => {
    const message = (type_user: string): ItemChange => ({
      changeId: "change-2",
      kind: "INSERT",
      before: undefined,
      after: {
        PK: "ORDER#01ORDER",
        SK: "CHAT#000002",
        entity: "chat_message",
        order_id: "01ORDER",
        message_id: 1_764_237_600_000_002,
        position: 2,
        type_user,
        message: "Where is my key?",
        created_at: "2026-11-27T09:40:00.000Z",
      },
      at: AT,
    });
    // By its place in the chat, never its text: a queue refuses some characters a buyer may write.
    expect(factsOf(message("buyer"))).toEqual([
      { type: "chat.message", id_order: "01ORDER", position: 2, at: "2026-11-27T09:40:00.000Z" },
    ]);
    expect(factsOf(message("seller"))).toEqual([]);
    expect(factsOf(message("system"))).toEqual([]);
  });

  it("a key product's available codes falling is a key_stock.low candidate, and reaching 0 also key_stock.empty", () => {
    expect(factsOf(modify(product({ count: 5 }), product({ count: 3 })))).toEqual([
      { type: "key_stock.low", seller_id: 42, id_product: "01PRODUCT", before: 5, available: 3, at: AT },
    ]);
    expect(factsOf(modify(product({ count: 1 }), product({ count: 0 }))).map((fact) => fact.type)).toEqual([
      "key_stock.low",
      "key_stock.empty",
    ]);
  });

  it("codes coming back, an unchanged count, or a product without uploaded codes are no event", () => {
    expect(factsOf(modify(product({ count: 3 }), product({ count: 4 })))).toEqual([]);
    expect(factsOf(modify(product({ count: 3 }), product({ count: 3, name: "x" })))).toEqual([]);
    const declared = { key_stock: undefined };
    expect(factsOf(modify(product({ ...declared, count: 3 }), product({ ...declared, count: 0 })))).toEqual(
      [],
    );
  });

  it("an item removed, or an item of another kind, is no event", () => {
    expect(
      sellerEventJobsOf({ changeId: "c", kind: "REMOVE", before: order({}), after: undefined, at: AT }),
    ).toEqual([]);
    expect(
      sellerEventJobsOf(modify({ entity: "account", balance: 1 }, { entity: "account", balance: 0 })),
    ).toEqual([]);
  });

  it("an event's id is made from the change and the type: the same on a redelivered change, another for another type", () => {
    const change = modify(product({ count: 1 }), product({ count: 0 }));
    const [low, empty] = sellerEventJobsOf(change);
    expect(sellerEventJobsOf(change).map((job) => job.event_id)).toEqual([low?.event_id, empty?.event_id]);
    expect(low?.event_id).toBe(sellerEventId("change-1", "key_stock.low"));
    expect(low?.event_id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(low?.event_id).not.toBe(empty?.event_id);
    expect(sellerEventJobsOf({ ...change, changeId: "change-9" })[0]?.event_id).not.toBe(low?.event_id);
  });
});
