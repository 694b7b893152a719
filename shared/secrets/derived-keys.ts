import { hkdfSync } from "node:crypto";

/** Keys derived from the master secret, one per purpose, so no key is used for two things. */
export interface DerivedKeys {
  /** HMAC key for HS256 access tokens. */
  readonly tokenSigning: Uint8Array;
  /** AES-256-GCM key for secrets stored in the table (API keys for GET /seller, TOTP secrets). */
  readonly dataEncryption: Buffer;
  /** HMAC key sealing list cursors (GET /orders, GET /payout/history), so only issued cursors come back. */
  readonly pageCursors: Buffer;
  /** AES-256-GCM key for uploaded codes at rest: only a sale or its seller's read opens them. */
  readonly keyStockSealing: Buffer;
  /** HMAC key naming a code per seller, so a code held twice is found without storing it in the clear. */
  readonly keyStockFingerprints: Buffer;
}

const derive = (master: Buffer, purpose: string): Buffer =>
  Buffer.from(hkdfSync("sha256", master, "marketplace", purpose, 32));

/** Derives every purpose key from the master secret with HKDF-SHA256. */
export const deriveKeys = (master: Buffer): DerivedKeys => ({
  tokenSigning: new Uint8Array(derive(master, "access-token-signing")),
  dataEncryption: derive(master, "data-encryption"),
  pageCursors: derive(master, "page-cursors"),
  keyStockSealing: derive(master, "key-stock-sealing"),
  keyStockFingerprints: derive(master, "key-stock-fingerprints"),
});
