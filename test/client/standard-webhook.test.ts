import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { verifyStandardWebhook } from "../../shared/client/standard-webhook.js";
import { standardSignature, standardWebhookHeaders } from "../../shared/webhooks/standard-signature.js";

// Fixed secrets and a fixed time: every verdict below is exact.
const SECRET = `whsec_${Buffer.alloc(24, 1).toString("base64")}`;
const NEXT_SECRET = `whsec_${Buffer.alloc(24, 2).toString("base64")}`;
const OTHER_SECRET = `whsec_${Buffer.alloc(24, 3).toString("base64")}`;
const SENT_AT = new Date("2026-11-27T10:00:00.000Z");
const TIMESTAMP = SENT_AT.getTime() / 1000;
const ID = "01JQ7D8E9F0G1H2J3K4M5N6P7Q";
const BODY = JSON.stringify({
  id_order: ID,
  id_product: "01JQ7D8E9F0G1H2J3K4M5N6P7R",
  payment_status: "paid",
});

/** The headers the service's own signer puts on a webhook sent at SENT_AT with `secrets`. */
const signed = (secrets: string[] = [SECRET], body = BODY) =>
  standardWebhookHeaders(secrets, ID, SENT_AT, body);

const secondsAfter = (seconds: number) => ({ now: new Date(SENT_AT.getTime() + seconds * 1000) });

describe("verifyStandardWebhook (the package's receiver check)", () => {
  it("accepts a webhook the service signed and answers its webhook-id and webhook-timestamp", () => {
    expect(verifyStandardWebhook(SECRET, BODY, signed(), secondsAfter(0))).toEqual({
      ok: true,
      id: ID,
      timestamp: TIMESTAMP,
    });
  });

  it("refuses a body changed by one character, and another secret, as no_matching_signature", () => {
    const changed = BODY.replace('"paid"', '"pain"');
    expect(verifyStandardWebhook(SECRET, changed, signed(), secondsAfter(0))).toEqual({
      ok: false,
      reason: "no_matching_signature",
    });
    expect(verifyStandardWebhook(OTHER_SECRET, BODY, signed(), secondsAfter(0))).toEqual({
      ok: false,
      reason: "no_matching_signature",
    });
  });

  it("accepts a timestamp exactly 5 minutes either side of now and refuses one second beyond, each way", () => {
    const verdict = (seconds: number) => verifyStandardWebhook(SECRET, BODY, signed(), secondsAfter(seconds));
    expect([verdict(300).ok, verdict(-300).ok]).toEqual([true, true]);
    expect(verdict(301)).toEqual({ ok: false, reason: "timestamp_too_old" });
    expect(verdict(-301)).toEqual({ ok: false, reason: "timestamp_too_new" });
  });

  it("mid-rotation, with two signatures in the header, accepts either secret and refuses a third", () => {
    const headers = signed([NEXT_SECRET, SECRET]);
    expect(headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    expect(verifyStandardWebhook(NEXT_SECRET, BODY, headers, secondsAfter(0)).ok).toBe(true);
    expect(verifyStandardWebhook(SECRET, BODY, headers, secondsAfter(0)).ok).toBe(true);
    expect(verifyStandardWebhook(OTHER_SECRET, BODY, headers, secondsAfter(0))).toEqual({
      ok: false,
      reason: "no_matching_signature",
    });
  });

  it("accepts one valid signature among wrong ones and entries of other versions, in any order", () => {
    const valid = standardSignature(SECRET, ID, TIMESTAMP, BODY);
    const wrong = standardSignature(OTHER_SECRET, ID, TIMESTAMP, BODY);
    const headers = {
      ...signed(),
      "webhook-signature": `${wrong} v1a,${valid.slice(3)}  ${valid}`,
    };
    expect(verifyStandardWebhook(SECRET, BODY, headers, secondsAfter(0)).ok).toBe(true);
    // The same bytes under another version's label do not count as a v1 signature.
    const otherVersionOnly = { ...headers, "webhook-signature": `${wrong} v1a,${valid.slice(3)}` };
    expect(verifyStandardWebhook(SECRET, BODY, otherVersionOnly, secondsAfter(0))).toEqual({
      ok: false,
      reason: "no_matching_signature",
    });
  });

  it("refuses a missing or empty header as missing_headers and a timestamp that is not whole seconds as invalid_timestamp", () => {
    for (const name of ["webhook-id", "webhook-timestamp", "webhook-signature"]) {
      const { [name]: _dropped, ...rest } = signed();
      expect(verifyStandardWebhook(SECRET, BODY, rest, secondsAfter(0))).toEqual({
        ok: false,
        reason: "missing_headers",
      });
      expect(verifyStandardWebhook(SECRET, BODY, { ...signed(), [name]: "" }, secondsAfter(0))).toEqual({
        ok: false,
        reason: "missing_headers",
      });
    }
    for (const time of [`${TIMESTAMP}.5`, "-1", "soon"])
      expect(
        verifyStandardWebhook(SECRET, BODY, { ...signed(), "webhook-timestamp": time }, secondsAfter(0)),
      ).toEqual({ ok: false, reason: "invalid_timestamp" });
  });

  it("reads the raw body as a string or bytes, and headers from Node's req.headers in any case or a fetch Headers", () => {
    const headers = signed();
    const capitalised = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [
        name.replace(/(^|-)\w/g, (c) => c.toUpperCase()),
        value,
      ]),
    );
    expect(Object.keys(capitalised)).toEqual(["Webhook-Id", "Webhook-Timestamp", "Webhook-Signature"]);
    const bytes = Buffer.from(BODY, "utf8");
    expect(verifyStandardWebhook(SECRET, bytes, capitalised, secondsAfter(0)).ok).toBe(true);
    expect(
      verifyStandardWebhook(SECRET, new Uint8Array(bytes), new Headers(headers), secondsAfter(0)).ok,
    ).toBe(true);
  });

  it("throws a TypeError for a secret with no key in it: the receiver's configuration, not the webhook, is wrong", () => {
    expect(() => verifyStandardWebhook("whsec_", BODY, signed(), secondsAfter(0))).toThrow(
      new TypeError("A signing secret is whsec_ followed by the base64 of its key"),
    );
  });
});

describe("verifyStandardWebhook against the standardwebhooks package (the reference implementation)", () => {
  it("accepts the package's own signature of the same message, which is the service's, byte for byte", () => {
    const reference = new Webhook(SECRET).sign(ID, SENT_AT, BODY);
    expect(reference).toBe(standardSignature(SECRET, ID, TIMESTAMP, BODY));
    const headers = {
      "webhook-id": ID,
      "webhook-timestamp": String(TIMESTAMP),
      "webhook-signature": reference,
    };
    expect(verifyStandardWebhook(SECRET, BODY, headers, secondsAfter(0))).toEqual({
      ok: true,
      id: ID,
      timestamp: TIMESTAMP,
    });
  });

  it("agrees with the package's verify on the same messages: valid, changed body, wrong secret, two signatures", () => {
    // The reference library reads the clock itself, so these messages are signed now.
    const now = new Date();
    const headersFor = (secrets: string[]) => standardWebhookHeaders(secrets, ID, now, BODY);
    const cases: [secret: string, body: string, headers: Record<string, string>][] = [
      [SECRET, BODY, headersFor([SECRET])],
      [SECRET, `${BODY} `, headersFor([SECRET])],
      [OTHER_SECRET, BODY, headersFor([SECRET])],
      [SECRET, BODY, headersFor([NEXT_SECRET, SECRET])],
      [OTHER_SECRET, BODY, headersFor([NEXT_SECRET, SECRET])],
    ];
    const referenceAccepts = ([secret, body, headers]: (typeof cases)[number]) => {
      try {
        new Webhook(secret).verify(body, headers);
        return true;
      } catch {
        return false;
      }
    };
    const ours = cases.map(
      ([secret, body, headers]) => verifyStandardWebhook(secret, body, headers, { now }).ok,
    );
    expect(ours).toEqual([true, false, false, true, false]);
    expect(cases.map(referenceAccepts)).toEqual(ours);
  });
});
