import { idProductSchema } from "../../products/product-id-body.js";
import * as z from "../../validation/zod-mini.js";
import { outcome } from "./field-schemas.js";

// The two image uploads (a product's, the store's avatar): the form they send and the answer they get.

const imageUrl = z.string().check(z.describe("Public URL of the stored image"));

/** The answer to an upload: its one message and where the image is served. */
export const uploaded = z
  .strictObject({ message: outcome("Image uploaded"), url: imageUrl })
  .check(z.describe("The stored image"));

/** An image upload: the file, and for a product image the product it belongs to (the schema the handler checks). */
export const imageForm = (withProduct: boolean) => {
  const img = z
    .file()
    .check(z.describe("The image: JPEG, PNG, WebP or GIF, at most 4 MB; recognised by its bytes"));
  return withProduct ? z.object({ img, ...idProductSchema.shape }) : z.object({ img });
};
