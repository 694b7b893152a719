import * as z from "zod";

/** Seller moderation status (v1 `status_moderation`): 0 pending, 1 approved, 2 blocked. */
export const SellerModeration = { pending: 0, approved: 1, blocked: 2 } as const;

/** An account as stored; secrets are sealed, the API key is indexed only by its hash. */
export const accountRecordSchema = z.object({
  account_id: z.number().int().positive(),
  id_user: z.number().int().positive(),
  name: z.string(),
  email: z.string(),
  description: z.string(),
  api_url: z.string(),
  img: z.string(),
  img_key: z.string().default(""),
  balance: z.number().int(),
  rating: z.number().int(),
  status_moderation: z.number().int(),
  api_key_hash: z.string(),
  api_key_sealed: z.string(),
  totp_secret_sealed: z.string(),
  created_at: z.string(),
});
export type AccountRecord = z.infer<typeof accountRecordSchema>;

/** Input of the operator's `account create`. */
export const newAccountInputSchema = z.object({
  name: z.string().trim().min(3, "name must be 3-100 characters").max(100, "name must be 3-100 characters"),
  email: z.email("email must be a valid e-mail address"),
});
export type NewAccountInput = z.infer<typeof newAccountInputSchema>;
