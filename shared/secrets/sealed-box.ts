import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "s1";

/** Encrypts a string with AES-256-GCM; the result carries its IV and tag and is safe to store. */
export const seal = (key: Buffer, plaintext: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
};

/** Decrypts what `seal` produced; throws if it was tampered with or sealed under another key. */
export const open = (key: Buffer, sealed: string): string => {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error("Unreadable sealed value");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
};
