import { refuse } from "../../shared/errors/refusal.js";
import * as refusals from "../../shared/errors/refusals.js";
import { header } from "../../shared/http/api-request.js";
import { UPLOAD_BODY_LIMIT_BYTES } from "../../shared/http/body-limits.js";
import { createGroupHandler, defineAction } from "../../shared/http/group-handler.js";
import { parseMultipart } from "../../shared/http/multipart.js";
import { callerId, pathParameter } from "../../shared/http/principal.js";
import { MAX_IMAGE_BYTES } from "../../shared/images/image-format.js";
import { createProductSchema, updateProductSchema } from "../../shared/products/product.js";
import { idProductSchema } from "../../shared/products/product-id-body.js";
import { productListQuerySchema } from "../../shared/products/product-list-query.js";
import { categoryService } from "../../shared/runtime/categories.js";
import { sellerProductService } from "../../shared/runtime/seller-products.js";
import { tokenVerifier } from "../../shared/runtime/service-keys.js";
import { validate } from "../../shared/validation/validate.js";
import * as z from "../../shared/validation/zod-mini.js";

/** Seller API v1: products, categories, moderation and product images. */
export const handler = createGroupHandler(
  "v1-products",
  {
    "POST /products": defineAction({
      body: createProductSchema,
      handle: async (request) => {
        const { id } = await sellerProductService().create(callerId(request), request.body);
        return { data: { message: "Product created", id } };
      },
    }),
    "POST /products/update/{id}": defineAction({
      // No body at all is the same as an empty one: nothing to update.
      body: z.pipe(
        z.transform((body) => body ?? {}),
        updateProductSchema,
      ),
      handle: async (request) => {
        const result = await sellerProductService().update(
          callerId(request),
          pathParameter(request, "id"),
          request.body,
        );
        return { data: { message: "Product updated", moderation: result.moderation } };
      },
    }),
    "DELETE /products/{id}": defineAction({
      handle: async (request) => {
        await sellerProductService().remove(callerId(request), pathParameter(request, "id"));
        return { data: { message: "Product deleted" } };
      },
    }),
    "GET /products/info/{id}": defineAction({
      handle: async (request) => ({
        data: { product: await sellerProductService().info(callerId(request), pathParameter(request, "id")) },
      }),
    }),
    "GET /products": defineAction({
      query: productListQuerySchema,
      handle: async (request) => ({
        data: await sellerProductService().list(callerId(request), request.query),
      }),
    }),
    "GET /products/categories": defineAction({
      handle: async () => {
        const active = (await categoryService().list()).filter((c) => c.status === "active");
        if (active.length === 0) throw refuse(refusals.categoriesNotFound);
        return { data: active };
      },
    }),
    "POST /products/moderation": defineAction({
      body: idProductSchema,
      handle: async (request) => {
        const status = await sellerProductService().submit(callerId(request), request.body.id_product);
        return { data: { message: "Product submitted for moderation", moderation_status: status } };
      },
    }),
    "POST /products/img": defineAction({
      maxBodyBytes: UPLOAD_BODY_LIMIT_BYTES,
      handle: async (request) => {
        const form = await parseMultipart(header(request.event, "content-type"), request.rawBody, {
          fileSize: MAX_IMAGE_BYTES,
        });
        const { id_product } = validate(idProductSchema, { id_product: form.fields.id_product });
        const url = await sellerProductService().uploadImage(callerId(request), id_product, form.files.img);
        return { data: { message: "Image uploaded", url } };
      },
    }),
  },
  tokenVerifier,
);
