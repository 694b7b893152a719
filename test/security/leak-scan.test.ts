import { describe, expect, it } from "vitest";
import { hashApiKey } from "../../shared/accounts/api-keys.js";
import { scanResponse, watchAccount, watchBuyerEmail } from "../support/leak-scan.js";

// The response scan every end-to-end request goes through (test/support/http.ts), proven on made-up exchanges.

const account = watchAccount({
  seller_id: 7,
  api_key: `mk_${"k".repeat(43)}`,
  totp_secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
  otpauth_url:
    "otpauth://totp/Marketplace:Scan%20Store%20(scan-owner%40example.com)?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Marketplace",
});
watchBuyerEmail("guest-buyer@example.com");

/** A token whose claims name `sub`; the scan reads them without verifying (the gateway verified). */
const tokenOf = (sub: number) =>
  `e30.${Buffer.from(JSON.stringify({ sub: String(sub) })).toString("base64url")}.c2ln`;

const scan =
  (method: string, path: string, text: string, caller?: number, headers: Record<string, string> = {}) =>
  () =>
    scanResponse({
      method,
      path,
      requestHeaders: caller === undefined ? undefined : { Authorization: `Bearer ${tokenOf(caller)}` },
      responseHeaders: new Headers(headers),
      text,
    });

describe("the response scan", () => {
  it("fails a response carrying a TOTP secret, naming the path, the part and the kind", () => {
    expect(scan("GET", "/api/v1/seller", `{"secret":"${account.totp_secret}"}`, 7)).toThrow(
      "Response leak: GET /api/v1/seller carries the TOTP secret of account 7 in its body",
    );
  });

  it("fails a response carrying an API key's hash, wherever it is", () => {
    expect(scan("GET", "/api/v1/seller", hashApiKey(account.api_key), 7)).toThrow(
      "carries the API key hash of account 7",
    );
  });

  it("allows the caller's own API key in GET /api/v1/seller and nowhere else", () => {
    const body = `{"data":{"api_key":"${account.api_key}"}}`;
    expect(scan("GET", "/api/v1/seller", body, 7)).not.toThrow();
    expect(scan("GET", "/api/v1/seller?x=1", body, 7)).not.toThrow();
    expect(scan("GET", "/api/v1/seller", body, 8)).toThrow(
      "GET /api/v1/seller carries the API key of account 7",
    );
    expect(scan("GET", "/api/v1/seller", body)).toThrow("carries the API key of account 7");
    expect(scan("GET", "/api/v2/balance", body, 7)).toThrow("GET /api/v2/balance carries the API key");
    expect(scan("POST", "/api/v1/seller/profile", body, 7)).toThrow("carries the API key");
  });

  it("fails a response carrying an account's or a storefront buyer's e-mail, also percent-encoded or in a header", () => {
    expect(scan("GET", "/api/v2/order/X", '{"to":"scan-owner@example.com"}', 7)).toThrow(
      "carries the account e-mail of account 7 in its body",
    );
    expect(scan("GET", "/api/v2/chat/X", "mailto:guest-buyer%40example.com", 7)).toThrow(
      "carries a buyer e-mail",
    );
    expect(scan("GET", "/api/v2/chat/X", "{}", 7, { "x-debug": "guest-buyer@example.com" })).toThrow(
      "carries a buyer e-mail in its header x-debug",
    );
  });

  it("fails any e-mail address in a v1 order view, registered or not, and lets other text through", () => {
    expect(scan("GET", "/api/v1/orders", '[{"email":"someone@example.org"}]', 7)).toThrow(
      "GET /api/v1/orders carries an e-mail address in its body (v1 order views never do)",
    );
    expect(scan("GET", "/api/v1/orders/info/ABC", '{"e":"a.b+c@mail.example.com"}', 7)).toThrow(
      "e-mail address",
    );
    expect(
      scan("GET", "/api/v1/products/info/ABC", '{"text":"write to someone@example.org"}', 7),
    ).not.toThrow();
    expect(scan("GET", "/api/v1/orders", '[{"id_order":"01ARZ3NDEKTSV4RRFFQ69G5FAV"}]', 7)).not.toThrow();
  });
});
