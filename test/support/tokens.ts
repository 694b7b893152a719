import { base64url, SignJWT } from "jose";
import { createAccessTokens } from "../../shared/auth/access-tokens.js";
import { masterSecret } from "../../shared/runtime/master-secret.js";
import { deriveKeys } from "../../shared/secrets/derived-keys.js";

/** The stack's own token signer, for forging tokens the way an attacker or a stale client would. */
const signingKey = async () => deriveKeys(await masterSecret()).tokenSigning;

/** A correctly signed token that expired an hour ago. */
export const expiredToken = async (accountId: number, audience: "v1" | "v2"): Promise<string> => {
  const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
  return (await createAccessTokens(await signingKey(), () => twoHoursAgo).issue(accountId, audience)).token;
};

/** A token with the right claims but `alg: none` and no signature. */
export const unsignedToken = (accountId: number, audience: "v1" | "v2"): string => {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: unknown) => base64url.encode(JSON.stringify(value));
  return `${encode({ alg: "none", typ: "JWT" })}.${encode({
    sub: String(accountId),
    iss: "marketplace",
    aud: `marketplace-api-${audience}`,
    iat: now,
    exp: now + 3600,
  })}.`;
};

/** A token signed with a key that is not the stack's. */
export const foreignToken = async (accountId: number, audience: "v1" | "v2"): Promise<string> =>
  new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(accountId))
    .setIssuer("marketplace")
    .setAudience(`marketplace-api-${audience}`)
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode("not-the-stack-key-not-the-stack-key"));

/** The same token with one character of its signature changed. */
export const tamperedToken = (token: string): string => {
  const last = token.at(-2) === "A" ? "B" : "A";
  return `${token.slice(0, -2)}${last}${token.at(-1)}`;
};
