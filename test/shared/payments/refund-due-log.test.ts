import { afterEach, describe, expect, it, vi } from "vitest";
import { logRefundDue, REFUND_DUE_EVENT } from "../../../shared/payments/refund-due-log.js";

afterEach(() => {
  vi.restoreAllMocks();
});

// As in AWS: not Powertools' development mode, so the line is written as Lambda's log gets it.
vi.stubEnv("POWERTOOLS_DEV", "");

describe("the refund-due log line", () => {
  it("is one JSON line at error level naming the stable event, the order, the payment and why, and nothing of the buyer", () => {
    const lines: unknown[][] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((...args: unknown[]) => {
      lines.push(args);
      return true;
    });
    logRefundDue({
      order_id: "01ORDER",
      payment_id: "pay-1",
      payment_system: "card",
      amount: 500,
      currency: "RUB",
      received_at: "2026-11-24T10:00:00.000Z",
      reason: "insufficient_stock",
      refund_status: "due",
    });
    expect(lines).toHaveLength(1);
    const [line] = lines[0] ?? [];
    expect(typeof line).toBe("string");
    expect(JSON.parse(String(line))).toEqual({
      level: "ERROR",
      message: "Payment taken but not applied: refund due",
      service: "marketplace",
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      sampling_rate: 0,
      event: REFUND_DUE_EVENT,
      order_id: "01ORDER",
      payment_id: "pay-1",
      payment_system: "card",
      amount: 500,
      currency: "RUB",
      reason: "insufficient_stock",
    });
    expect(String(line).trimEnd()).not.toContain("\n");
  });
});
