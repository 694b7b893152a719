import { describe, expect, it } from "vitest";
import { createComponents, schemaAt } from "../../../infra/openapi/components.js";
import { numericParameterSchema } from "../../../infra/openapi/numeric-parameters.js";
import { wholeNumber } from "../../../shared/validation/query-numbers.js";
import * as z from "../../../shared/validation/zod-mini.js";

const item = z.strictObject({ id: z.string().check(z.describe("The item's id")) });

describe("the named schemas of a document (components)", () => {
  it("write a $ref wherever a named schema is used, and the schema itself once under its name", () => {
    const components = createComponents();
    const list = z.strictObject({ items: z.array(item), first: z.optional(item) });
    components.name("Item", schemaAt(list, ".items[]", "output", "GET /items"), "output", "GET /items");
    expect(components.use(list, "output")).toEqual({
      type: "object",
      properties: {
        items: { type: "array", items: { $ref: "#/components/schemas/Item" } },
        first: { $ref: "#/components/schemas/Item" },
      },
      required: ["items"],
      additionalProperties: false,
    });
    expect(components.use(item, "output")).toEqual({ $ref: "#/components/schemas/Item" });
    expect(components.definitions()).toEqual({
      Item: {
        type: "object",
        properties: { id: { type: "string", description: "The item's id" } },
        required: ["id"],
        additionalProperties: false,
      },
    });
  });

  it("refuse a second name for one schema, naming where each was given", () => {
    const components = createComponents();
    components.name("Item", item, "output", "GET /items data[]");
    expect(() => components.name("Thing", item, "output", "GET /things data[]")).toThrow(
      "GET /things data[] names Thing the schema GET /items data[] already names Item",
    );
  });

  it("keep one name for two schemas only when they are the same JSON Schema", () => {
    const same = createComponents();
    same.name("Message", z.strictObject({ message: z.string() }), "output", "A");
    same.name("Message", z.strictObject({ message: z.string() }), "output", "B");
    expect(Object.keys(same.definitions())).toEqual(["Message"]);
    const different = createComponents();
    different.name("Message", z.strictObject({ message: z.string() }), "output", "A");
    different.name("Message", z.strictObject({ text: z.string() }), "output", "B");
    expect(() => different.definitions()).toThrow("Message names two different schemas: A and B");
  });

  it("say which step of a path holds no schema", () => {
    expect(() => schemaAt(item, ".name", "output", "GET /items data.name")).toThrow(
      "GET /items data.name: no schema at .name (found: object)",
    );
  });
});

describe("a query parameter that carries a number as text (numericParameterSchema)", () => {
  it("is the integer its validator takes, with the bounds and default the validator enforces", () => {
    expect(numericParameterSchema(wholeNumber("limit", 1, 250))).toEqual({
      type: "integer",
      minimum: 1,
      maximum: 250,
    });
    expect(numericParameterSchema(z._default(wholeNumber("page", 3, 10_000), 3))).toEqual({
      type: "integer",
      minimum: 3,
      maximum: 10_000,
      default: 3,
    });
  });

  it("is a number when its validator takes fractions", () => {
    const price = z.pipe(z.string().check(z.regex(/^\d{1,4}(\.\d{1,2})?$/)), z.transform(Number));
    expect(numericParameterSchema(price)).toEqual({ type: "number", minimum: 0, maximum: 9999.99 });
  });

  it("is no number when its validator takes any text, or no digits", () => {
    expect(numericParameterSchema(z.string())).toBeUndefined();
    expect(numericParameterSchema(z.enum(["newest", "price"]))).toBeUndefined();
  });
});
