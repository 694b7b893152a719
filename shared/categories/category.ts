import * as z from "zod";
import { forbidden } from "../errors/domain-error.js";

/** A category as v1 returns it; `status` is `active` for every category shown to sellers. */
export const categorySchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  slug: z.string(),
  status: z.enum(["active", "inactive"]),
});
export type Category = z.infer<typeof categorySchema>;

/** Input of the operator's `category create`. */
export const newCategoryInputSchema = z.object({
  id: z.number().int("id must be a positive integer").positive("id must be a positive integer"),
  name: z.string().trim().min(1, "name must not be empty").max(100, "name must be at most 100 characters"),
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "slug must be lower-case letters, digits and single hyphens")
    .max(100, "slug must be at most 100 characters"),
});
export type NewCategoryInput = z.infer<typeof newCategoryInputSchema>;

/** Reseller API v2 refuses every category whose identifier starts with 700. */
export const isBlockedForResellers = (categoryId: number): boolean => String(categoryId).startsWith("700");

/** The refusal of a category resellers may not see or buy from. */
export const blockedCategory = () =>
  forbidden("This category is not available to resellers", "blocked_category");
