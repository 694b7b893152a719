import { refuse } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import * as z from "../validation/zod-mini.js";

/** A category as v1 returns it; `status` is `active` for every category shown to sellers. */
export const categorySchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  name: z.string(),
  slug: z.string(),
  status: z.enum(["active", "inactive"]),
});
export type Category = z.infer<typeof categorySchema>;

/** Input of the operator's `category create`. */
export const newCategoryInputSchema = z.object({
  id: z.number().check(z.int("id must be a positive integer"), z.positive("id must be a positive integer")),
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "name must not be empty"),
      z.maxLength(100, "name must be at most 100 characters"),
    ),
  slug: z
    .string()
    .check(
      z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "slug must be lower-case letters, digits and single hyphens"),
      z.maxLength(100, "slug must be at most 100 characters"),
    ),
});
export type NewCategoryInput = z.infer<typeof newCategoryInputSchema>;

/** Reseller API v2 refuses every category whose identifier starts with 700. */
export const isBlockedForResellers = (categoryId: number): boolean => String(categoryId).startsWith("700");

/** The refusal of a category resellers may not see or buy from. */
export const blockedCategory = () => refuse(refusals.blockedCategory);
