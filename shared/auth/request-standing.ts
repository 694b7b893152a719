import { AsyncLocalStorage } from "node:async_hooks";
import type { TokenClaims } from "./access-tokens.js";

/**
 * The standing check of the request being served, started when its token's signature is verified and
 * not awaited there: reads run beside it, a write transaction carries it as a condition while it is
 * still in flight (see `shared/runtime/standing-gate.ts`), and the answer waits for it. Its outcome
 * is kept as soon as it is known, so a write sent after it answered needs no condition.
 */
export class PendingStanding {
  #outcome: boolean | undefined;
  readonly answer: Promise<boolean>;

  constructor(
    readonly claims: TokenClaims,
    answer: Promise<boolean>,
  ) {
    this.answer = answer.then((honoured) => {
      this.#outcome = honoured;
      return honoured;
    });
    // Nobody may await it (an answer refused before any write); a failed read still fails the request.
    this.answer.catch(() => undefined);
  }

  /** True or false once the check answered; undefined while it is in flight (or if it failed). */
  get outcome(): boolean | undefined {
    return this.#outcome;
  }
}

/** Thrown by a gated write when the token's account has revoked it or is blocked: the request is a 401. */
export class StandingRefusedError extends Error {
  constructor() {
    super("The token's account revoked it or is blocked");
    this.name = "StandingRefusedError";
  }
}

/** What one request's scope holds: its standing check, once its token is verified. */
interface RequestScope {
  standing: PendingStanding | undefined;
}

const scopes = new AsyncLocalStorage<RequestScope>();

/** Runs one request with its own scope, so concurrent requests in one process never see each other's standing. */
export const withRequestScope = <T>(serve: () => Promise<T>): Promise<T> =>
  scopes.run({ standing: undefined }, serve);

/** Starts the current request's standing check; outside a request scope it only returns it. */
export const deferStanding = (claims: TokenClaims, answer: Promise<boolean>): PendingStanding => {
  const standing = new PendingStanding(claims, answer);
  const scope = scopes.getStore();
  if (scope) scope.standing = standing;
  return standing;
};

/** The current request's standing check, if it is serving a verified token. */
export const currentStanding = (): PendingStanding | undefined => scopes.getStore()?.standing;

/** Waits for the current request's standing (nothing outside a verified request); throws if it is refused. */
export const requireStanding = async (): Promise<void> => {
  const standing = currentStanding();
  if (standing && !(await standing.answer)) throw new StandingRefusedError();
};
