import { describe, expect, it } from "vitest";
import { productListQuerySchema } from "../../../shared/products/product-list-query.js";
import { validate } from "../../../shared/validation/validate.js";
import { invalidInput, refusalOf } from "../../support/refusals.js";

// GET /products query: page and limit refused exactly outside the bounds the documents show, with the
// spec's one message; the filters refuse nothing (a value that matches no product answers an empty page).

const PAGINATION = "Invalid pagination parameters";

describe("productListQuerySchema (GET /products query) refuses a page or limit outside its bounds", () => {
  it.each([
    { parameter: "page", value: "0" },
    { parameter: "page", value: "1000000000" },
    { parameter: "page", value: "-1" },
    { parameter: "page", value: "1.5" },
    { parameter: "page", value: "" },
    { parameter: "page", value: "1,2" },
    { parameter: "limit", value: "0" },
    { parameter: "limit", value: "101" },
    { parameter: "limit", value: "1000" },
    { parameter: "limit", value: "ten" },
  ])("$parameter=$value is refused with 'Invalid pagination parameters'", ({ parameter, value }) => {
    expect(refusalOf(productListQuerySchema, { [parameter]: value }, "Parameter")).toEqual(
      invalidInput(parameter, PAGINATION),
    );
  });
});

describe("productListQuerySchema (GET /products query) passes everything else as sent", () => {
  it.each([
    { page: "1", limit: "1" },
    { page: "999999999", limit: "100" },
    { page: "007", limit: "020" },
  ])("page=$page and limit=$limit pass unchanged (the service reads them as numbers)", (query) => {
    expect(validate(productListQuerySchema, query, "Parameter")).toEqual(query);
  });

  it("filters pass whatever they hold, and unknown parameters are dropped", () => {
    const filters = { status: "no-such-status", category: "abc", search: "<script>" };
    expect(validate(productListQuerySchema, { ...filters, sort: "x" }, "Parameter")).toEqual(filters);
  });
});
