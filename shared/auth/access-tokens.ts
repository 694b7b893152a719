import { errors, jwtVerify, SignJWT } from "jose";
import { type Clock, systemClock } from "../time/clock.js";

/** Access token lifetime; `expires_in` is reported in seconds. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 3600;
const ISSUER = "marketplace";
const ALGORITHM = "HS256";
/** The claim naming the account's credentials generation the token was issued under. */
const GENERATION_CLAIM = "gen";

/** The API a token was issued for; each version has its own audience so tokens do not cross over. */
export type TokenAudience = "v1" | "v2";
const audienceClaim = (audience: TokenAudience) => `marketplace-api-${audience}`;

/** Who a verified token speaks for. */
export interface Principal {
  readonly accountId: number;
}

/** What a correctly signed token claims, for the standing check: its account and credentials generation. */
export interface TokenClaims {
  readonly accountId: number;
  /** The account's credentials generation when the token was issued (0 for tokens without the claim). */
  readonly generation: number;
}

/**
 * Whether the account still honours a correctly signed token (not revoked, not blocked). Called after
 * the signature, so an unsigned or foreign token never costs a read.
 */
export type TokenStandingCheck = (claims: TokenClaims) => Promise<boolean>;

/** Thrown for any token that must not be trusted; the middleware turns it into a 401. */
export class InvalidTokenError extends Error {}

const isCount = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

/**
 * Verifies HS256 access tokens with one signing key; with `standing`, a signed token is also refused
 * once its account revoked its generation or was blocked. Apart from the issuer, so that a bundle that
 * only verifies tokens carries no signing code.
 */
export const createTokenVerifier = (
  signingKey: Uint8Array,
  now: Clock = systemClock,
  standing?: TokenStandingCheck,
) => {
  /**
   * Verifies signature, algorithm, issuer, audience and expiry; returns what the token claims or throws.
   * The account's standing is not checked here: `standing` does, so a caller can run it beside its work.
   */
  const verifySignature = async (token: string, audience: TokenAudience): Promise<TokenClaims> => {
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
      // Tokens issued before generations existed carry none: they belong to generation 0.
      const generation = payload[GENERATION_CLAIM] === undefined ? 0 : payload[GENERATION_CLAIM];
      if (!isCount(generation)) throw new InvalidTokenError("Bad generation");
      return { accountId, generation };
    } catch (error) {
      if (error instanceof InvalidTokenError || error instanceof errors.JOSEError) {
        throw new InvalidTokenError(error.message);
      }
      throw error;
    }
  };

  /** Whether the account still honours correctly signed claims (always, without a standing check). */
  const standingOf = (claims: TokenClaims): Promise<boolean> =>
    standing ? standing(claims) : Promise.resolve(true);

  return {
    verifySignature,
    standing: standingOf,

    /** Verifies the signature and then the account's standing; returns the principal or throws. */
    async verify(token: string, audience: TokenAudience): Promise<Principal> {
      const claims = await verifySignature(token, audience);
      if (!(await standingOf(claims))) throw new InvalidTokenError("Revoked or blocked");
      return { accountId: claims.accountId };
    },
  };
};

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;

/** Issues and verifies HS256 access tokens with one signing key (see createTokenVerifier for `standing`). */
export const createAccessTokens = (
  signingKey: Uint8Array,
  now: Clock = systemClock,
  standing?: TokenStandingCheck,
) => ({
  ...createTokenVerifier(signingKey, now, standing),
  /** Signs a token for an account, under its credentials generation, valid for one API version for one hour. */
  async issue(
    accountId: number,
    audience: TokenAudience,
    generation = 0,
  ): Promise<{ token: string; expiresIn: number }> {
    const issuedAt = Math.floor(now().getTime() / 1000);
    const token = await new SignJWT({ [GENERATION_CLAIM]: generation })
      .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
      .setSubject(String(accountId))
      .setIssuer(ISSUER)
      .setAudience(audienceClaim(audience))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_LIFETIME_SECONDS)
      .sign(signingKey);
    return { token, expiresIn: ACCESS_TOKEN_LIFETIME_SECONDS };
  },
});

export type AccessTokens = ReturnType<typeof createAccessTokens>;
