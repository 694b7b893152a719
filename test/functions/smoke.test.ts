import { describe, expect, it } from "vitest";
import { request } from "../support/http.js";

describe("smoke", () => {
  it("answers an unknown v1 path with a 404 in the v1 envelope", async () => {
    const response = await request("GET", "/api/v1/does-not-exist");
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ status: "error", message: "Not found" });
  });
});
