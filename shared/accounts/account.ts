import * as z from "../validation/zod-mini.js";

/** Seller moderation status (v1 `status_moderation`): 0 pending, 1 approved, 2 blocked. */
export const SellerModeration = { pending: 0, approved: 1, blocked: 2 } as const;

/** An account as stored; secrets are sealed, the API key is indexed only by its hash. */
export const accountRecordSchema = z.object({
  account_id: z.number().check(z.int(), z.positive()),
  id_user: z.number().check(z.int(), z.positive()),
  name: z.string(),
  email: z.string(),
  description: z.string(),
  api_url: z.string(),
  img: z.string(),
  img_key: z._default(z.string(), ""),
  balance: z.number().check(z.int()),
  /** The spec's stored rating, kept at 0 for compatibility: the rating shown comes from the tally below. */
  rating: z.number().check(z.int()),
  /**
   * The sum and count of the ratings of the approved reviews of the seller's products (#25), moved only
   * by `ADD` in the transactions that decide those reviews (`shared/ratings/`); absent before the first.
   */
  rating_sum: z.optional(z.number().check(z.int())),
  rating_count: z.optional(z.number().check(z.int())),
  status_moderation: z.number().check(z.int()),
  /** The credentials generation: tokens issued under an earlier one are revoked (absent on older items: 0). */
  token_generation: z._default(z.number().check(z.int(), z.nonnegative()), 0),
  api_key_hash: z.string(),
  api_key_sealed: z.string(),
  totp_secret_sealed: z.string(),
  /** The Standard Webhooks signing secret (`whsec_…`), sealed; absent on accounts made before #23. */
  webhook_secret_sealed: z.optional(z.string()),
  /** The secret a rotation replaced, sealed: it signs beside the new one until `webhook_secret_previous_until`. */
  webhook_secret_previous_sealed: z.optional(z.string()),
  /** When the replaced secret stops signing (ISO time). */
  webhook_secret_previous_until: z.optional(z.string()),
  /**
   * The webhook events the seller opted into (absent: none, only the spec's payment webhook), a list of
   * type names. Read as it is and sifted by `subscriptionOf`: an event type retired one day makes no
   * stored account unreadable, and no function that reads accounts carries zod's array schema for it.
   */
  webhook_events: z.optional(z.custom<unknown>()),
  /** Below how many available codes key_stock.low is sent (absent: the default). */
  key_stock_low_threshold: z.optional(z.number().check(z.int())),
  created_at: z.string(),
});
export type AccountRecord = z.infer<typeof accountRecordSchema>;

/**
 * The authenticator-code state kept on the account item beside the secret: the last time step used
 * (a code is good once), and the wrong codes counted in the current window (the payout lock).
 */
export const codeGuardSchema = z.object({
  totp_last_step: z.optional(z.number().check(z.int())),
  otp_wrong_codes: z._default(z.number().check(z.int()), 0),
  /** When the current window began (ISO time); absent before the first wrong code. */
  otp_window_start: z.optional(z.string()),
});
export type CodeGuard = z.infer<typeof codeGuardSchema>;

/** The lock rule: at most `maxWrongCodes` wrong codes per window of `windowSeconds`. */
export interface CodeLockRule {
  readonly maxWrongCodes: number;
  readonly windowSeconds: number;
}

/** The ISO time a window must have begun after to still run at `at`. */
export const windowCutoff = (at: Date, rule: CodeLockRule): string =>
  new Date(at.getTime() - rule.windowSeconds * 1000).toISOString();

/** Whether the guard's window still runs at `at` (windows are fixed: they end `windowSeconds` after they begin). */
export const windowRunning = (guard: CodeGuard, at: Date, rule: CodeLockRule): boolean =>
  guard.otp_window_start !== undefined && guard.otp_window_start > windowCutoff(at, rule);

/** Whether payouts are locked at `at`: the running window already holds the most wrong codes it may. */
export const codeLocked = (guard: CodeGuard, at: Date, rule: CodeLockRule): boolean =>
  windowRunning(guard, at, rule) && guard.otp_wrong_codes >= rule.maxWrongCodes;

/** Whether a code of `step` is used up: that step or a later one was used before. */
export const codeReplayed = (guard: CodeGuard, step: number): boolean =>
  guard.totp_last_step !== undefined && guard.totp_last_step >= step;

/** Input of the operator's `account create`. */
export const newAccountInputSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(3, "name must be 3-100 characters"),
      z.maxLength(100, "name must be 3-100 characters"),
    ),
  email: z.email("email must be a valid e-mail address"),
});
export type NewAccountInput = z.infer<typeof newAccountInputSchema>;
