import { describe, expect, it } from "vitest";
import { favoriteBodySchema } from "../../../shared/favorites/favorite.js";
import { validate } from "../../../shared/validation/validate.js";
import { invalidInput, refusalOf } from "../../support/refusals.js";

const PRODUCT_ID = "01M84QTVMR1RMGJ6TF16G0W7MG";

describe("POST /favorites body", () => {
  it.each(["add", "remove", "toggle"])("accepts the action %s with a product id", (action) => {
    expect(validate(favoriteBodySchema, { product_id: PRODUCT_ID, action })).toEqual({
      product_id: PRODUCT_ID,
      action,
    });
  });

  it("accepts any product id of 1 to 64 characters: whether it names a product is the service's question", () => {
    for (const product_id of ["x", "not-an-id", "p".repeat(64)]) {
      expect(validate(favoriteBodySchema, { product_id, action: "remove" })).toEqual({
        product_id,
        action: "remove",
      });
    }
  });

  it.each([
    ["product_id", { action: "add" }, "Field 'product_id' is required"],
    ["product_id", { product_id: 42, action: "add" }, "product_id must be a string"],
    ["product_id", { product_id: null, action: "add" }, "product_id must be a string"],
    ["product_id", { product_id: "", action: "add" }, "product_id is required"],
    ["product_id", { product_id: "p".repeat(65), action: "add" }, "product_id must be at most 64 characters"],
    ["action", { product_id: PRODUCT_ID }, "Field 'action' is required"],
    ["action", { product_id: PRODUCT_ID, action: "delete" }, "action must be add, remove or toggle"],
    ["action", { product_id: PRODUCT_ID, action: "ADD" }, "action must be add, remove or toggle"],
    ["action", { product_id: PRODUCT_ID, action: "" }, "action must be add, remove or toggle"],
    ["action", { product_id: PRODUCT_ID, action: 1 }, "action must be add, remove or toggle"],
    ["action", { product_id: PRODUCT_ID, action: null }, "action must be add, remove or toggle"],
    [
      "favorite",
      { product_id: PRODUCT_ID, action: "add", favorite: true },
      "Field 'favorite' is not allowed",
    ],
  ])("refuses a bad %s, naming it", (field, body, message) => {
    expect(refusalOf(favoriteBodySchema, body)).toEqual(invalidInput(field, message));
  });

  it.each([
    ["no body", undefined],
    ["null", null],
    ["an array", [{ product_id: PRODUCT_ID, action: "add" }]],
    ["a string", "add"],
  ])("refuses %s as the body", (_, body) => {
    expect(refusalOf(favoriteBodySchema, body)).toEqual(
      invalidInput("", "Request body must be a JSON object"),
    );
  });

  it("names every problem of a body at once", () => {
    const refusal = refusalOf(favoriteBodySchema, { action: "flip", colour: "red" });
    expect(refusal.code).toBe("invalid_request");
    expect(refusal.fieldsNamed).toEqual(["product_id", "action", "colour"]);
  });
});
