import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createTestAccount, tokenFor } from "../support/accounts.js";
import {
  createProduct,
  createTestCategory,
  uploadProductImage,
  validProductBody,
} from "../support/products.js";

const COVER = "examples/cover.png";

describe("the README's sample image", () => {
  it("is the file the README uploads, and the API takes it as a product image and serves it back", async () => {
    expect(readFileSync("README.md", "utf8")).toContain(`img=@${COVER}`);
    const bytes = readFileSync(COVER);
    const token = await tokenFor((await createTestAccount()).api_key, "v1");
    const id = await createProduct(token, validProductBody(await createTestCategory()));
    const upload = await uploadProductImage(token, {
      id_product: id,
      img: { bytes, type: "image/png", filename: "cover.png" },
    });
    expect(upload.status).toBe(200);
    const url = (upload.body as { data: { url: string } }).data.url;
    expect(url).toMatch(/\.png$/);
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
