import { header } from "../../shared/http/api-request.js";
import { createGroupHandler, defineAction } from "../../shared/http/group-handler.js";
import { parseMultipart } from "../../shared/http/multipart.js";
import { callerId } from "../../shared/http/principal.js";
import { MAX_IMAGE_BYTES } from "../../shared/images/image-format.js";
import { accessTokens, accountService } from "../../shared/runtime/dependencies.js";

/** Seller API v1: the seller's account, profile and store image. */
export const handler = createGroupHandler(
  "v1-seller",
  {
    "POST /seller/img": defineAction({
      handle: async (request) => {
        const form = await parseMultipart(header(request.event, "content-type"), request.rawBody, {
          fileSize: MAX_IMAGE_BYTES,
        });
        const url = await accountService().uploadImage(callerId(request), form.files.img);
        return { data: { message: "Image uploaded", url } };
      },
    }),
  },
  accessTokens,
);
