import { describe, expect, it } from "vitest";
import { type Refusal, type RefusalTemplate, worded } from "../../../shared/errors/refusal.js";
import * as refusals from "../../../shared/errors/refusals.js";
import { statusOf } from "../../../shared/http/envelopes.js";

/*
 * The spec's own words for refusals, copied verbatim from ../shared/spec/marketplace-api.md (Seller API
 * v1 endpoint sections, the delivery table and the v2 named codes). The spec lists messages per
 * endpoint separated by "; ", with "<field>" where a field is named.
 */
const SPEC_ERROR_LINES = [
  "- Errors (status = error, message): Field '<field>' is required; Product with this UUID already exists; Invalid category id.",
  "- Errors: Product not found or access denied; Invalid price; UUID already exists; No fields to update.",
  "- Response: data.message (string). Errors: Unauthorized; Product not found; Delete failed or access denied.",
  "- Path id (string, required). Response data.product as in Resources. Errors: Unauthorized; Product not found; Access denied.",
  "- Errors: Unauthorized; Invalid pagination parameters.",
  "- Response: data = array of categories. Only active categories are returned. Errors: Unauthorized; Categories not found.",
  "- Errors: Unauthorized; Product not found; Product is already under moderation; Access denied.",
  "- Errors: Unauthorized; Image file required; Product not found or access denied; Invalid image format.",
  "- Path id (string, required; public order identifier). Response data = order detail. Errors: Unauthorized; Order not found or access denied.",
  "- No parameters. Response data = seller record (all fields in Resources, including api_key). Errors: Unauthorized; Seller not found.",
  "- Errors (message): Unauthorized; Invalid JSON; Name must be between 3 and 100 characters; Description too short (min 10); Invalid API URL; Field '<field>' is not allowed; No valid data to update; Profile not updated.",
  "- multipart/form-data: img (file, required, valid image formats only). The new image becomes the public store avatar; an old one may be replaced. Response data.message, data.url. Errors: Unauthorized; Image file required; Invalid image format; Upload failed.",
  "- Rules: seller exists; balance sufficient; OTP valid. Response: data.id_order (string). Errors: Unauthorized; Invalid OTP code; Insufficient balance.",
  "- No parameters. Response data = array of payout items. Errors: Unauthorized; Seller not found.",
];

/** POST /orders/delivery/{token}: the one v1 table with statuses. */
const SPEC_DELIVERY_TABLE = `
| 401 | Unauthorized | missing or invalid token |
| 403 | Access denied | order belongs to another seller |
| 404 | Order not found | invalid delivery token |
| 409 | Order already delivered | product already sent |
| 422 | Invalid download URL | only HTTPS links allowed |`;

/** "Named codes: insufficient_balance (409), comment_regex_mismatch (422), invalid_request." */
const SPEC_NAMED_CODES = { insufficient_balance: 409, comment_regex_mismatch: 422 } as const;

const specMessages = (): Set<string> => {
  const messages = new Set<string>();
  for (const line of SPEC_ERROR_LINES) {
    const listed = line.slice(line.indexOf("Errors") + "Errors".length).replace(/^[^:]*:\s*/, "");
    for (const message of listed.replace(/\.$/, "").split("; ")) messages.add(message);
  }
  for (const row of SPEC_DELIVERY_TABLE.trim().split("\n")) messages.add(row.split(" | ")[1] as string);
  return messages;
};

type Entry = Refusal | RefusalTemplate<never>;
const entries = Object.entries(refusals) as [string, Entry][];

/** An entry's wording as the spec writes it: templates with the spec's `<field>` placeholder. */
const specWording = (entry: Entry): string =>
  typeof entry.message === "string"
    ? entry.message
    : worded(entry as RefusalTemplate<{ field: string }>, { field: "<field>" }).message;

describe("the refusal catalogue", () => {
  it("words every refusal it marks as the spec's exactly as the spec does", () => {
    const spec = specMessages();
    const marked = entries.filter(([, entry]) => entry.spec === true);
    expect(marked.length).toBe(spec.size);
    for (const [name, entry] of marked) expect(spec.has(specWording(entry)), name).toBe(true);
  });

  it("has an entry marked as the spec's for every refusal message the spec lists", () => {
    const marked = new Set(entries.filter(([, e]) => e.spec === true).map(([, e]) => specWording(e)));
    for (const message of specMessages()) expect(marked.has(message), message).toBe(true);
  });

  it("answers the delivery refusals with the statuses of the spec's table in v1", () => {
    for (const row of SPEC_DELIVERY_TABLE.trim().split("\n")) {
      const [, status, message] = row.split(/\s*\|\s*/);
      const [name, entry] = entries.find(([, e]) => e.spec === true && e.message === message) ?? [];
      expect(entry, message).toBeDefined();
      expect(statusOf("v1", (entry as Entry).kind), name).toBe(Number(status));
    }
  });

  it("gives the spec's named v2 codes the spec's statuses", () => {
    for (const [code, status] of Object.entries(SPEC_NAMED_CODES)) {
      const named = entries.filter(([, e]) => e.code === code);
      expect(named.length, code).toBeGreaterThan(0);
      for (const [name, entry] of named) expect(statusOf("v2", entry.kind), name).toBe(status);
    }
  });

  it("declares each fixed message once", () => {
    const fixed = entries.flatMap(([, e]) => (typeof e.message === "string" ? [e.message] : []));
    expect(new Set(fixed).size).toBe(fixed.length);
  });
});
