import { randomInt } from "node:crypto";
import { DomainError } from "../../shared/errors/domain-error.js";
import { categoryService } from "../../shared/runtime/dependencies.js";

/**
 * Creates an active category with an id drawn at random from `lowest`…`highest`, retrying on a taken
 * id: test files run in parallel processes against one table, so no per-process counter is unique.
 */
export const createCategoryIn = async (lowest: number, highest: number, name?: string): Promise<number> => {
  for (let attempt = 0; attempt < 5; attempt++) {
    const id = randomInt(lowest, highest + 1);
    try {
      await categoryService().create({ id, name: name ?? `Category ${id}`, slug: `category-${id}` });
      return id;
    } catch (error) {
      if (error instanceof DomainError && error.kind === "conflict") continue;
      throw error;
    }
  }
  throw new Error("could not find a free category id");
};
