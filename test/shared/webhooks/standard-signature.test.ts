import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newSigningSecret } from "../../../shared/accounts/webhook-signing-secret.js";
import { seal } from "../../../shared/secrets/sealed-box.js";
import { signingSecretsOf, standardWebhookHeaders } from "../../../shared/webhooks/standard-signature.js";

// Our signatures checked by the reference implementation (the standardwebhooks package), not by our code.

const BODY = JSON.stringify({ id_order: "01JQ7D8E9F0G1H2J3K4M5N6P7Q", payment_status: "paid" });

describe("Standard Webhooks headers", () => {
  it("a fresh secret is whsec_ and 24 bytes of base64, and two are never the same", () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(24);
    expect(newSigningSecret()).not.toBe(secret);
  });

  it("the standardwebhooks package verifies what we sign: webhook-id, webhook-timestamp and the body", () => {
    const secret = newSigningSecret();
    const headers = standardWebhookHeaders([secret], "evt_1", new Date(), BODY);
    expect(Object.keys(headers)).toEqual(["webhook-id", "webhook-timestamp", "webhook-signature"]);
    expect(new Webhook(secret).verify(BODY, headers)).toEqual(JSON.parse(BODY));
  });

  it("a changed body, another id or another secret fails verification", () => {
    const secret = newSigningSecret();
    const headers = standardWebhookHeaders([secret], "evt_1", new Date(), BODY);
    expect(() => new Webhook(secret).verify(BODY.replace("paid", "PAID"), headers)).toThrow(
      WebhookVerificationError,
    );
    expect(() => new Webhook(secret).verify(BODY, { ...headers, "webhook-id": "evt_2" })).toThrow(
      WebhookVerificationError,
    );
    expect(() => new Webhook(newSigningSecret()).verify(BODY, headers)).toThrow(WebhookVerificationError);
  });

  it("a webhook replayed outside the timestamp tolerance (5 minutes) fails verification", () => {
    const secret = newSigningSecret();
    const headers = standardWebhookHeaders([secret], "evt_1", new Date(Date.now() - 6 * 60_000), BODY);
    expect(() => new Webhook(secret).verify(BODY, headers)).toThrow("Message timestamp too old");
  });

  it("mid-rotation both secrets sign, so a receiver holding either verifies it", () => {
    const previous = newSigningSecret();
    const next = newSigningSecret();
    const headers = standardWebhookHeaders([next, previous], "evt_1", new Date(), BODY);
    expect(headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    expect(new Webhook(previous).verify(BODY, headers)).toEqual(JSON.parse(BODY));
    expect(new Webhook(next).verify(BODY, headers)).toEqual(JSON.parse(BODY));
  });

  it("without a secret the headers carry the id and time and no signature", () => {
    expect(standardWebhookHeaders([], "evt_1", new Date(1_700_000_000_000), BODY)).toEqual({
      "webhook-id": "evt_1",
      "webhook-timestamp": "1700000000",
    });
  });

  it("a replaced secret signs beside the new one until its overlap ends, then only the new one signs", () => {
    const key = Buffer.alloc(32, 7);
    const [current, previous] = [newSigningSecret(), newSigningSecret()];
    const account = {
      webhook_secret_sealed: seal(key, current),
      webhook_secret_previous_sealed: seal(key, previous),
      webhook_secret_previous_until: "2026-11-28T10:00:00.000Z",
    };
    expect(signingSecretsOf(account, key, new Date("2026-11-28T09:59:59.999Z"))).toEqual([current, previous]);
    expect(signingSecretsOf(account, key, new Date("2026-11-28T10:00:00.000Z"))).toEqual([current]);
    expect(signingSecretsOf({}, key, new Date())).toEqual([]);
  });
});
