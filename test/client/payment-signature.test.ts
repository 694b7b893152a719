import { describe, expect, it } from "vitest";
import { verifyPaymentSignature } from "../../shared/client/payment-signature.js";

// sha1_hex(sha1_hex("mk_test_key") + "01JQ7D8E9F0G1H2J3K4M5N6P7Q"), worked out once by hand.
const API_KEY = "mk_test_key";
const ID_ORDER = "01JQ7D8E9F0G1H2J3K4M5N6P7Q";
const SIGNATURE = "a901679e38d178a257b177274856379119e8dfbf";

describe("verifyPaymentSignature (the spec's signature field of the payment webhook)", () => {
  it("accepts sha1_hex(sha1_hex(api_key) + id_order) of the seller's own key", () => {
    expect(verifyPaymentSignature(API_KEY, { id_order: ID_ORDER, signature: SIGNATURE })).toBe(true);
  });

  it("refuses another key, another order, the signature in capitals and one character changed", () => {
    expect(verifyPaymentSignature("mk_other_key", { id_order: ID_ORDER, signature: SIGNATURE })).toBe(false);
    expect(
      verifyPaymentSignature(API_KEY, { id_order: "01JQ7D8E9F0G1H2J3K4M5N6P7R", signature: SIGNATURE }),
    ).toBe(false);
    expect(verifyPaymentSignature(API_KEY, { id_order: ID_ORDER, signature: SIGNATURE.toUpperCase() })).toBe(
      false,
    );
    expect(
      verifyPaymentSignature(API_KEY, { id_order: ID_ORDER, signature: `${SIGNATURE.slice(0, -1)}0` }),
    ).toBe(false);
  });

  it("refuses a parsed body whose id_order or signature is missing or not a string", () => {
    expect(verifyPaymentSignature(API_KEY, { id_order: ID_ORDER })).toBe(false);
    expect(verifyPaymentSignature(API_KEY, { signature: SIGNATURE })).toBe(false);
    expect(verifyPaymentSignature(API_KEY, { id_order: 42, signature: SIGNATURE })).toBe(false);
    expect(verifyPaymentSignature(API_KEY, { id_order: ID_ORDER, signature: [SIGNATURE] })).toBe(false);
  });
});
