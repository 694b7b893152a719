import { errors, jwtVerify, SignJWT } from "jose";
import { type Clock, systemClock } from "../time/clock.js";

/** Access token lifetime; `expires_in` is reported in seconds. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 3600;
const ISSUER = "marketplace";
const ALGORITHM = "HS256";

/** The API a token was issued for; each version has its own audience so tokens do not cross over. */
export type TokenAudience = "v1" | "v2";
const audienceClaim = (audience: TokenAudience) => `marketplace-api-${audience}`;

/** Who a verified token speaks for. */
export interface Principal {
  readonly accountId: number;
}

/** Thrown for any token that must not be trusted; the middleware turns it into a 401. */
export class InvalidTokenError extends Error {}

/** Issues and verifies HS256 access tokens with one signing key. */
export const createAccessTokens = (signingKey: Uint8Array, now: Clock = systemClock) => ({
  /** Signs a token for an account, valid for one API version for one hour. */
  async issue(accountId: number, audience: TokenAudience): Promise<{ token: string; expiresIn: number }> {
    const issuedAt = Math.floor(now().getTime() / 1000);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
      .setSubject(String(accountId))
      .setIssuer(ISSUER)
      .setAudience(audienceClaim(audience))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_LIFETIME_SECONDS)
      .sign(signingKey);
    return { token, expiresIn: ACCESS_TOKEN_LIFETIME_SECONDS };
  },

  /** Verifies signature, algorithm, issuer, audience and expiry; returns the principal or throws. */
  async verify(token: string, audience: TokenAudience): Promise<Principal> {
    try {
      const { payload } = await jwtVerify(token, signingKey, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: audienceClaim(audience),
        currentDate: now(),
        requiredClaims: ["sub", "exp", "iat"],
        // A token older than one lifetime is refused whatever its exp says: a token minted with a
        // longer exp (a bug, or a leaked key's forgery) still dies within the hour.
        maxTokenAge: ACCESS_TOKEN_LIFETIME_SECONDS,
      });
      const subject = payload.sub ?? "";
      const accountId = Number(subject);
      if (!/^[1-9]\d*$/.test(subject) || !Number.isSafeInteger(accountId))
        throw new InvalidTokenError("Bad subject");
      return { accountId };
    } catch (error) {
      if (error instanceof InvalidTokenError || error instanceof errors.JOSEError) {
        throw new InvalidTokenError(error.message);
      }
      throw error;
    }
  },
});

export type AccessTokens = ReturnType<typeof createAccessTokens>;
