import { marshall } from "@aws-sdk/util-dynamodb";
import type { DynamoDBRecord, DynamoDBStreamEvent } from "aws-lambda";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { createOutboxForwarder, type JobSender } from "../../../shared/aws/outbox-stream-forwarder.js";
import type { EmailJob, WebhookQueueJob } from "../../../shared/queue/queue-messages.js";
import { sellerEventId } from "../../../shared/webhooks/seller-event-facts.js";

type NewImage = NonNullable<NonNullable<DynamoDBRecord["dynamodb"]>["NewImage"]>;

/** A stream record as Lambda hands it: the item's image in DynamoDB JSON. */
const streamRecord = (
  sequenceNumber: string,
  item: Record<string, unknown>,
  eventName: DynamoDBRecord["eventName"] = "INSERT",
): DynamoDBRecord => {
  const image = marshall(item, { removeUndefinedValues: true }) as unknown as NewImage;
  return {
    eventName,
    dynamodb: {
      SequenceNumber: sequenceNumber,
      Keys: marshall({ PK: item.PK, SK: item.SK }) as unknown as NewImage,
      ...(eventName === "REMOVE" ? { OldImage: image } : { NewImage: image }),
    },
  };
};

const paymentConfirmed = (eventId: string, orderId = "100001") => ({
  PK: `OUTBOX#${eventId}`,
  SK: "EVENT",
  entity: "outbox",
  type: "payment_confirmed",
  event_id: eventId,
  order_id: orderId,
  token_sealed: `sealed-${eventId}`,
  created_at: "2025-01-02T03:04:05.000Z",
  expires_at: 1_736_000_000,
});

const orderDelivered = (eventId: string, orderId = "100002") => ({
  PK: `OUTBOX#${eventId}`,
  SK: "EVENT",
  entity: "outbox",
  type: "order_delivered",
  event_id: eventId,
  order_id: orderId,
  created_at: "2025-01-02T03:04:05.000Z",
  expires_at: 1_736_000_000,
});

const event = (...records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });

/** A sender that records each job and fails where `fail` says so. */
const fakeSender = (fail: (job: WebhookQueueJob | EmailJob) => boolean = () => false) => {
  const sent: { queue: string; job: WebhookQueueJob | EmailJob }[] = [];
  const send: JobSender = async (queue, job) => {
    sent.push({ queue, job });
    if (fail(job)) throw new Error(`queue unavailable for ${job.event_id}`);
  };
  return { sent, send };
};

let errors: MockInstance<typeof console.error>;
beforeEach(() => {
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  errors.mockRestore();
});

describe("outbox forwarder", () => {
  it("sends an inserted payment_confirmed event to the webhooks queue as {event_id, order_id, token_sealed}", async () => {
    const { sent, send } = fakeSender();
    const result = await createOutboxForwarder(send)(
      event(streamRecord("101", paymentConfirmed("e-1", "500001"))),
    );
    expect(result).toEqual({ batchItemFailures: [] });
    expect(sent).toEqual([
      { queue: "webhooks", job: { event_id: "e-1", order_id: "500001", token_sealed: "sealed-e-1" } },
    ]);
  });

  it("sends an inserted order_delivered event to the emails queue as {event_id, order_id, template: delivery}", async () => {
    const { sent, send } = fakeSender();
    const result = await createOutboxForwarder(send)(
      event(streamRecord("102", orderDelivered("e-2", "500002"))),
    );
    expect(result).toEqual({ batchItemFailures: [] });
    expect(sent).toEqual([
      { queue: "emails", job: { event_id: "e-2", order_id: "500002", template: "delivery" } },
    ]);
  });

  it("ignores MODIFY and REMOVE records of outbox items and inserts of other items", async () => {
    const { sent, send } = fakeSender();
    const result = await createOutboxForwarder(send)(
      event(
        streamRecord("201", paymentConfirmed("e-mod"), "MODIFY"),
        streamRecord("202", paymentConfirmed("e-rem"), "REMOVE"),
        streamRecord("203", { PK: "ORDER#500003", SK: "ORDER", entity: "order", order_id: "500003" }),
        streamRecord("204", { ...paymentConfirmed("e-other"), entity: "webhook_attempt" }),
        { eventName: "INSERT", dynamodb: { SequenceNumber: "205" } },
        streamRecord("206", orderDelivered("e-after")),
      ),
    );
    expect(result).toEqual({ batchItemFailures: [] });
    expect(sent.map((s) => s.job.event_id)).toEqual(["e-after"]);
  });

  it("reports exactly the record whose send failed and sends nothing after it, so the stream hands them again", async () => {
    const { sent, send } = fakeSender((job) => job.event_id === "e-b");
    const result = await createOutboxForwarder(send)(
      event(
        streamRecord("301", paymentConfirmed("e-a")),
        streamRecord("302", orderDelivered("e-b")),
        streamRecord("303", paymentConfirmed("e-c")),
      ),
    );
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: "302" }] });
    expect(sent.map((s) => s.job.event_id)).toEqual(["e-a", "e-b"]);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(errors.mock.calls[0]?.[0]))).toMatchObject({
      level: "ERROR",
      message: "Outbox forward failed",
      event_id: "e-b",
    });
  });

  it("skips a malformed outbox item with a logged error and still sends the events after it", async () => {
    const { sent, send } = fakeSender();
    const malformed = {
      PK: "OUTBOX#bad",
      SK: "EVENT",
      entity: "outbox",
      type: "payment_confirmed",
      event_id: "bad",
    };
    const result = await createOutboxForwarder(send)(
      event(streamRecord("401", malformed), streamRecord("402", orderDelivered("e-after"))),
    );
    expect(result).toEqual({ batchItemFailures: [] });
    expect(sent.map((s) => s.job.event_id)).toEqual(["e-after"]);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]?.[0])).toContain("Skipped malformed outbox item");
  });

  it("sends a change a seller may have opted into (an order canceled) to the webhooks queue as {event_id, fact}, and a failed send is reported like an outbox event's", async () => {
    const before = {
      PK: "ORDER#500009",
      SK: "ORDER",
      entity: "order",
      id_order: "500009",
      seller_id: 7,
      product_id: "P1",
      status: "wait",
    };
    const after = { ...before, status: "canceled", canceled_at: "2026-11-27T10:00:00.000Z" };
    const canceled: DynamoDBRecord = {
      eventID: "stream-event-1",
      eventName: "MODIFY",
      dynamodb: {
        SequenceNumber: "501",
        ApproximateCreationDateTime: 1_764_237_600,
        OldImage: marshall(before) as unknown as NewImage,
        NewImage: marshall(after) as unknown as NewImage,
      },
    };
    const { sent, send } = fakeSender();
    expect(await createOutboxForwarder(send)(event(canceled))).toEqual({ batchItemFailures: [] });
    expect(sent).toEqual([
      {
        queue: "webhooks",
        job: {
          event_id: sellerEventId("stream-event-1", "order.canceled"),
          fact: {
            type: "order.canceled",
            seller_id: 7,
            id_order: "500009",
            id_product: "P1",
            at: "2026-11-27T10:00:00.000Z",
          },
        },
      },
    ]);
    const failing = fakeSender(() => true);
    expect(
      await createOutboxForwarder(failing.send)(event(canceled, streamRecord("502", orderDelivered("e-x")))),
    ).toEqual({
      batchItemFailures: [{ itemIdentifier: "501" }],
    });
    expect(failing.sent).toHaveLength(1);
    expect(String(errors.mock.calls[0]?.[0])).toContain("Seller event forward failed");
  });
});
