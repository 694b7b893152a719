import { marshall } from "@aws-sdk/util-dynamodb";
import type { DynamoDBRecord } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { catalogueIndexerFilters, outboxForwarderFilters } from "../../../infra/cdk/stream-filters.js";
import { matchesPattern, passesFilters } from "../../../infra/local/event-filter.js";

type Image = NonNullable<NonNullable<DynamoDBRecord["dynamodb"]>["NewImage"]>;

const record = (eventName: DynamoDBRecord["eventName"], item: Record<string, unknown>): DynamoDBRecord => ({
  eventName,
  dynamodb: {
    Keys: marshall({ PK: item.PK, SK: item.SK }) as unknown as Image,
    ...(eventName === "REMOVE" ? {} : { NewImage: marshall(item) as unknown as Image }),
  },
});

const order = (fields: Record<string, unknown>) => ({
  PK: "ORDER#1",
  SK: "ORDER",
  entity: "order",
  ...fields,
});

describe("the local stack's stream filters, as Lambda applies them", () => {
  it("matches equal leaves and {exists} on a leaf only: an exists on a typed attribute without its type key never matches", () => {
    const modified = record("MODIFY", order({ dispute_opened_at: "2026-11-27T10:00:00.000Z" }));
    expect(
      matchesPattern({ dynamodb: { NewImage: { dispute_opened_at: { S: [{ exists: true }] } } } }, modified),
    ).toBe(true);
    expect(
      matchesPattern({ dynamodb: { NewImage: { dispute_opened_at: [{ exists: true }] } } }, modified),
    ).toBe(false);
    expect(
      matchesPattern({ dynamodb: { NewImage: { closed_at: { S: [{ exists: false }] } } } }, modified),
    ).toBe(true);
    expect(matchesPattern({ eventName: ["INSERT", "MODIFY"] }, modified)).toBe(true);
    expect(matchesPattern({ eventName: ["INSERT"] }, modified)).toBe(false);
  });

  it("hands the outbox forwarder outbox inserts and the four kinds of seller-event change, and nothing else", () => {
    const passes = (r: DynamoDBRecord) => passesFilters(outboxForwarderFilters, r);
    expect(passes(record("INSERT", { PK: "OUTBOX#e", SK: "EVENT", entity: "outbox" }))).toBe(true);
    expect(passes(record("MODIFY", order({ status: "canceled" })))).toBe(true);
    expect(
      passes(record("MODIFY", order({ status: "paid", dispute_opened_at: "2026-11-27T10:00:00.000Z" }))),
    ).toBe(true);
    expect(
      passes(
        record("INSERT", { PK: "ORDER#1", SK: "CHAT#000001", entity: "chat_message", type_user: "buyer" }),
      ),
    ).toBe(true);
    expect(
      passes(record("MODIFY", { PK: "PRODUCT#p", SK: "PRODUCT", entity: "product", key_stock: 1, count: 2 })),
    ).toBe(true);

    expect(passes(record("MODIFY", order({ status: "paid" })))).toBe(false);
    expect(
      passes(
        record("INSERT", { PK: "ORDER#1", SK: "CHAT#000002", entity: "chat_message", type_user: "seller" }),
      ),
    ).toBe(false);
    expect(passes(record("MODIFY", { PK: "PRODUCT#p", SK: "PRODUCT", entity: "product", count: 2 }))).toBe(
      false,
    );
    expect(passes(record("MODIFY", { PK: "OUTBOX#e", SK: "EVENT", entity: "outbox" }))).toBe(false);
  });

  it("hands the catalogue indexer every record of a product item, a removal included, and no other item", () => {
    const passes = (r: DynamoDBRecord) => passesFilters(catalogueIndexerFilters, r);
    const product = { PK: "PRODUCT#p", SK: "PRODUCT", entity: "product" };
    expect([
      passes(record("INSERT", product)),
      passes(record("MODIFY", product)),
      passes(record("REMOVE", product)),
    ]).toEqual([true, true, true]);
    expect(passes(record("MODIFY", { PK: "PRODUCT#p", SK: "CATALOGUE", entity: "catalogue_manifest" }))).toBe(
      false,
    );
  });
});
