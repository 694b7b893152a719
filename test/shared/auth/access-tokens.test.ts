import { base64url, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  createAccessTokens,
  InvalidTokenError,
} from "../../../shared/auth/access-tokens.js";

const key = new TextEncoder().encode("x".repeat(32));
const otherKey = new TextEncoder().encode("y".repeat(32));
const tokens = createAccessTokens(key);

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Signs a token with the right issuer and audience but a caller-chosen subject, algorithm and key. */
const craft = async (options: {
  sub: string;
  alg?: string;
  signingKey?: Uint8Array;
  audience?: string;
  /** Seconds before now the token claims to have been issued, and how long after that it expires. */
  issuedAgo?: number;
  lifetime?: number;
}): Promise<string> => {
  const iat = nowSeconds() - (options.issuedAgo ?? 0);
  return new SignJWT({})
    .setProtectedHeader({ alg: options.alg ?? "HS256", typ: "JWT" })
    .setSubject(options.sub)
    .setIssuer("marketplace")
    .setAudience(options.audience ?? "marketplace-api-v1")
    .setIssuedAt(iat)
    .setExpirationTime(iat + (options.lifetime ?? 600))
    .sign(options.signingKey ?? key);
};

const encodeJson = (value: unknown): string =>
  base64url.encode(new TextEncoder().encode(JSON.stringify(value)));

describe("access tokens", () => {
  it("a token issued for v1 verifies for v1 and yields the account id", async () => {
    const { token } = await tokens.issue(42, "v1");
    await expect(tokens.verify(token, "v1")).resolves.toEqual({ accountId: 42 });
  });

  it("a token issued for v2 verifies for v2 and yields the account id", async () => {
    const { token } = await tokens.issue(7, "v2");
    await expect(tokens.verify(token, "v2")).resolves.toEqual({ accountId: 7 });
  });

  it("expires_in is 3600 seconds and the token's exp is iat + 3600", async () => {
    const { token, expiresIn } = await tokens.issue(42, "v1");
    expect(expiresIn).toBe(3600);
    expect(ACCESS_TOKEN_LIFETIME_SECONDS).toBe(3600);
    const payloadPart = token.split(".")[1] ?? "";
    const payload: unknown = JSON.parse(new TextDecoder().decode(base64url.decode(payloadPart)));
    expect(payload).toMatchObject({ sub: "42", iss: "marketplace", aud: "marketplace-api-v1" });
    const { iat, exp } = payload as { iat: number; exp: number };
    expect(exp - iat).toBe(3600);
  });

  it("a v1 token is refused by v2", async () => {
    const { token } = await tokens.issue(42, "v1");
    await expect(tokens.verify(token, "v2")).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it("a v2 token is refused by v1", async () => {
    const { token } = await tokens.issue(42, "v2");
    await expect(tokens.verify(token, "v1")).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it("an expired token is refused", async () => {
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const pastTokens = createAccessTokens(key, () => twoHoursAgo);
    const { token } = await pastTokens.issue(42, "v1");
    // Still valid at the moment it was issued, so only the expiry can refuse it below.
    await expect(pastTokens.verify(token, "v1")).resolves.toEqual({ accountId: 42 });
    await expect(tokens.verify(token, "v1")).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it("a token with one flipped signature character is refused", async () => {
    const { token } = await tokens.issue(42, "v1");
    const [header, payload, signature = ""] = token.split(".");
    // Flip a middle character: the last one may only carry padding bits.
    const index = Math.floor(signature.length / 2);
    const flipped = signature[index] === "A" ? "B" : "A";
    const tampered = `${header}.${payload}.${signature.slice(0, index)}${flipped}${signature.slice(index + 1)}`;
    expect(tampered).not.toBe(token);
    await expect(tokens.verify(tampered, "v1")).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it("a token signed with another key is refused", async () => {
    const { token } = await createAccessTokens(otherKey).issue(42, "v1");
    await expect(tokens.verify(token, "v1")).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it("an unsigned alg none token is refused", async () => {
    const iat = nowSeconds();
    const header = encodeJson({ alg: "none", typ: "JWT" });
    const payload = encodeJson({
      sub: "42",
      iss: "marketplace",
      aud: "marketplace-api-v1",
      iat,
      exp: iat + 600,
    });
    await expect(tokens.verify(`${header}.${payload}.`, "v1")).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it("a token issued more than one lifetime ago is refused even when its exp is still ahead (maxTokenAge)", async () => {
    const stale = await craft({ sub: "42", issuedAgo: ACCESS_TOKEN_LIFETIME_SECONDS + 60, lifetime: 86_400 });
    await expect(tokens.verify(stale, "v1")).rejects.toBeInstanceOf(InvalidTokenError);
    const young = await craft({ sub: "42", issuedAgo: ACCESS_TOKEN_LIFETIME_SECONDS - 60, lifetime: 86_400 });
    await expect(tokens.verify(young, "v1")).resolves.toEqual({ accountId: 42 });
  });

  it("an HS512 token signed with the right key is refused because the algorithm is pinned to HS256", async () => {
    const token = await craft({ sub: "42", alg: "HS512" });
    await expect(tokens.verify(token, "v1")).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it("a hand-crafted HS256 token with the right key, issuer and audience is accepted (control)", async () => {
    const token = await craft({ sub: "42" });
    await expect(tokens.verify(token, "v1")).resolves.toEqual({ accountId: 42 });
  });

  it.each(["abc", "0", "-5", "1.5", "", "9007199254740993"])(
    "a token whose sub %j is not a positive safe integer is refused",
    async (sub) => {
      const token = await craft({ sub });
      await expect(tokens.verify(token, "v1")).rejects.toBeInstanceOf(InvalidTokenError);
    },
  );

  it("a token carries the credentials generation it was issued under in its gen claim (0 unless given)", async () => {
    const claimsOf = (token: string): unknown =>
      JSON.parse(new TextDecoder().decode(base64url.decode(token.split(".")[1] ?? "")));
    expect(claimsOf((await tokens.issue(42, "v1", 3)).token)).toMatchObject({ sub: "42", gen: 3 });
    expect(claimsOf((await tokens.issue(42, "v1")).token)).toMatchObject({ sub: "42", gen: 0 });
  });

  it("a signed token is refused when its account's standing check refuses its claims, and the check sees them", async () => {
    const seen: unknown[] = [];
    const checked = createAccessTokens(key, undefined, async (claims) => {
      seen.push(claims);
      return claims.generation >= 2;
    });
    const { token: old } = await checked.issue(42, "v1", 1);
    const { token: current } = await checked.issue(42, "v1", 2);
    await expect(checked.verify(old, "v1")).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(checked.verify(current, "v1")).resolves.toEqual({ accountId: 42 });
    expect(seen).toEqual([
      { accountId: 42, generation: 1 },
      { accountId: 42, generation: 2 },
    ]);
  });

  it("a token that fails its signature never reaches the standing check (no read for forgeries)", async () => {
    let calls = 0;
    const checked = createAccessTokens(key, undefined, async () => {
      calls += 1;
      return true;
    });
    const { token } = await createAccessTokens(otherKey).issue(42, "v1");
    await expect(checked.verify(token, "v1")).rejects.toBeInstanceOf(InvalidTokenError);
    expect(calls).toBe(0);
  });

  it("a token without a gen claim belongs to generation 0", async () => {
    const seen: number[] = [];
    const checked = createAccessTokens(key, undefined, async (claims) => {
      seen.push(claims.generation);
      return true;
    });
    await expect(checked.verify(await craft({ sub: "42" }), "v1")).resolves.toEqual({ accountId: 42 });
    expect(seen).toEqual([0]);
  });

  it.each([-1, 1.5, "2", null, 2 ** 53])(
    "a token whose gen claim %j is not a whole count is refused",
    async (gen) => {
      const iat = nowSeconds();
      const token = await new SignJWT({ gen })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject("42")
        .setIssuer("marketplace")
        .setAudience("marketplace-api-v1")
        .setIssuedAt(iat)
        .setExpirationTime(iat + 600)
        .sign(key);
      await expect(tokens.verify(token, "v1")).rejects.toBeInstanceOf(InvalidTokenError);
    },
  );

  it.each(["", "garbage", "a.b.c", "...", "Bearer x", "eyJhbGciOiJIUzI1NiJ9.e30."])(
    "a garbage string %j is refused",
    async (garbage) => {
      await expect(tokens.verify(garbage, "v1")).rejects.toBeInstanceOf(InvalidTokenError);
    },
  );
});
