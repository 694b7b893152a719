import { createCategoryService } from "../categories/category-service.js";
import { categoryStore } from "./category-store.js";

/** Categories: a root of their own, so v1's category list carries nothing of the catalogue or favorites. */
export const categoryService = () => createCategoryService(categoryStore());
