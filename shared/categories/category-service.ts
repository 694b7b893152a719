import { refuse, worded } from "../errors/refusal.js";
import * as refusals from "../errors/refusals.js";
import { type Category, type NewCategoryInput, newCategoryInputSchema } from "./category.js";
import type { CategoryStore } from "./category-repository.js";

/** Category rules: ids are chosen by the operator and never reused. */
export const createCategoryService = (store: CategoryStore) => ({
  /** Creates an active category; a taken id is a conflict. */
  async create(input: NewCategoryInput): Promise<Category> {
    const parsed = newCategoryInputSchema.parse(input);
    const category: Category = { ...parsed, status: "active" };
    if (!(await store.create(category)))
      throw refuse(worded(refusals.categoryExists, { categoryId: parsed.id }));
    return category;
  },

  /** Every category, in id order. */
  list: () => store.list(),
});

export type CategoryService = ReturnType<typeof createCategoryService>;
