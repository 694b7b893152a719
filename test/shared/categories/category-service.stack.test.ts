import { describe, expect, it } from "vitest";
import { isBlockedForResellers } from "../../../shared/categories/category.js";
import { categoryService } from "../../../shared/runtime/dependencies.js";

// Ids far from the demo seed's so test runs never collide with it.
const uniqueId = () => 500_000 + Math.floor(Math.random() * 400_000);

describe("category service against DynamoDB Local", () => {
  it("creates an active category that appears in the listing", async () => {
    const id = uniqueId();
    const created = await categoryService().create({ id, name: "Keys", slug: "keys" });
    expect(created).toEqual({ id, name: "Keys", slug: "keys", status: "active" });
    expect((await categoryService().list()).find((c) => c.id === id)).toEqual(created);
  });

  it("refuses a second category with the same id and keeps the first", async () => {
    const id = uniqueId();
    await categoryService().create({ id, name: "First", slug: "first" });
    await expect(categoryService().create({ id, name: "Second", slug: "second" })).rejects.toThrow(
      `Category ${id} already exists`,
    );
    expect((await categoryService().list()).find((c) => c.id === id)?.name).toBe("First");
  });

  it("refuses a slug with upper case or spaces", async () => {
    await expect(categoryService().create({ id: uniqueId(), name: "Bad", slug: "Bad Slug" })).rejects.toThrow(
      "slug must be lower-case letters, digits and single hyphens",
    );
  });

  it("blocks for resellers exactly the ids that start with 700", () => {
    expect([700, 7001, 700123].map(isBlockedForResellers)).toEqual([true, true, true]);
    expect([70, 170, 7100, 1700, 101].map(isBlockedForResellers)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
