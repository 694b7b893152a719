import { beforeAll, describe, expect, it } from "vitest";
import { requireEnv } from "../../../shared/config/environment.js";
import { accountStore } from "../../../shared/runtime/dependencies.js";
import { createTestAccount, tokenFor } from "../../support/accounts.js";
import { type JsonResponse, request } from "../../support/http.js";
import { MB, pngOf, refusedImages } from "../../support/images.js";
import { jsonHeaders, tinyPng, uploadSellerImage } from "../../support/products.js";

const IMAGE_FILE = /^[0-9a-f]{32}\.(png|gif|jpg|webp)$/;

/** A 1×1 GIF: a second real image whose bytes differ from tinyPng. */
const tinyGif = Buffer.from(
  "47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b",
  "hex",
);

/** Asserts a v1 error: exact HTTP status and exact envelope. */
const expectError = (response: { status: number; body: unknown }, status: number, message: string) => {
  expect({ status: response.status, body: response.body }).toEqual({
    status,
    body: { status: "error", message },
  });
};

/** Sends a hand-built FormData as multipart/form-data, with whatever headers the case needs. */
const postForm = async (headers: Record<string, string>, form: FormData): Promise<JsonResponse> => {
  const encoded = new Response(form);
  const contentType = encoded.headers.get("content-type") ?? "";
  const body = new Uint8Array(await encoded.arrayBuffer());
  return request("POST", "/api/v1/seller/img", {
    headers: { ...headers, "Content-Type": contentType },
    body,
  });
};

const imageForm = (bytes: Uint8Array = tinyPng, type = "image/png"): FormData => {
  const form = new FormData();
  form.set("img", new Blob([new Uint8Array(bytes)], { type }), "avatar");
  return form;
};

const uploadedUrl = (response: { status: number; body: unknown }): string => {
  expect(response.status).toBe(200);
  const body = response.body as { status: string; data: { message: string; url: string } };
  expect(body.status).toBe("success");
  expect(Object.keys(body.data).sort()).toEqual(["message", "url"]);
  expect(body.data.message).toBe("Image uploaded");
  return body.data.url;
};

/** The public URL's status, content type and bytes. */
const download = async (url: string) => {
  const response = await fetch(url);
  return {
    status: response.status,
    contentType: response.headers.get("content-type"),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
};

describe("POST /api/v1/seller/img", () => {
  let sellerId = 0;
  let token = "";

  beforeAll(async () => {
    const account = await createTestAccount();
    sellerId = account.seller_id;
    token = await tokenFor(account.api_key, "v1");
  });

  const storedImage = async () => {
    const account = await accountStore().findById(sellerId);
    return { img: account?.img, img_key: account?.img_key };
  };

  describe("refuses bad uploads and keeps the current image", () => {
    let currentUrl = "";
    let current: { img: string | undefined; img_key: string | undefined };

    beforeAll(async () => {
      currentUrl = uploadedUrl(await uploadSellerImage(token, { bytes: tinyPng, type: "image/png" }));
      current = await storedImage();
      expect(current.img).toBe(currentUrl);
    });

    const expectImageKept = async () => {
      expect(await storedImage()).toEqual(current);
      const served = await download(currentUrl);
      expect(served.status).toBe(200);
      expect(served.bytes.equals(tinyPng)).toBe(true);
    };

    it("a form without an img part is refused with 400 Image file required", async () => {
      expectError(await uploadSellerImage(token), 400, "Image file required");
      await expectImageKept();
    });

    it("a form with only other fields is refused with 400 Image file required", async () => {
      const form = new FormData();
      form.set("name", "avatar");
      expectError(await postForm({ Authorization: `Bearer ${token}` }, form), 400, "Image file required");
      await expectImageKept();
    });

    it("img sent as a text field instead of a file is refused with 400 Image file required", async () => {
      const form = new FormData();
      form.set("img", "not a file");
      expectError(await postForm({ Authorization: `Bearer ${token}` }, form), 400, "Image file required");
      await expectImageKept();
    });

    it.each(refusedImages)("$rule is refused with 400 $message", async ({ bytes, type, message }) => {
      expectError(await uploadSellerImage(token, { bytes, type }), 400, message);
      await expectImageKept();
    });

    it("a JSON body instead of multipart is refused with 400 Expected a multipart/form-data body", async () => {
      const response = await request("POST", "/api/v1/seller/img", {
        headers: jsonHeaders(token),
        body: JSON.stringify({ img: tinyPng.toString("base64") }),
      });
      expectError(response, 400, "Expected a multipart/form-data body");
      await expectImageKept();
    });

    it("a multipart content type without a boundary is refused with 400 Invalid multipart body", async () => {
      const response = await request("POST", "/api/v1/seller/img", {
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "multipart/form-data" },
        body: "img=x",
      });
      expectError(response, 400, "Invalid multipart body");
      await expectImageKept();
    });

    it.each<{ rule: string; headers: Record<string, string> }>([
      { rule: "without a token", headers: {} },
      { rule: "with a malformed token", headers: { Authorization: "Bearer garbage" } },
      { rule: "with a non-Bearer scheme", headers: { Authorization: "Basic dXNlcjpwYXNz" } },
    ])("an upload $rule answers 401 Unauthorized", async ({ headers }) => {
      expectError(await postForm(headers, imageForm()), 401, "Unauthorized");
      await expectImageKept();
    });

    it("an upload with a v2 token answers 401 Unauthorized", async () => {
      const account = await createTestAccount();
      const v2Token = await tokenFor(account.api_key, "v2");
      expectError(await postForm({ Authorization: `Bearer ${v2Token}` }, imageForm()), 401, "Unauthorized");
      const other = await accountStore().findById(account.seller_id);
      expect(other?.img).toBe("");
    });
  });

  describe("stores the image and replaces the previous one", () => {
    it("a valid PNG is served byte for byte as image/png from data.url", async () => {
      const url = uploadedUrl(await uploadSellerImage(token, { bytes: tinyPng, type: "image/png" }));
      const prefix = `${requireEnv("PUBLIC_IMAGE_BASE_URL")}/sellers/${sellerId}/`;
      expect(url.startsWith(prefix)).toBe(true);
      expect(url.slice(prefix.length)).toMatch(IMAGE_FILE);
      expect(url.endsWith(".png")).toBe(true);
      const served = await download(url);
      expect(served.status).toBe(200);
      expect(served.contentType).toBe("image/png");
      expect(served.bytes.equals(tinyPng)).toBe(true);
      expect((await storedImage()).img).toBe(url);
    });

    it("a second upload gets a new URL and the first image is deleted (emulator answers 404)", async () => {
      const first = uploadedUrl(await uploadSellerImage(token, { bytes: tinyPng, type: "image/png" }));
      const second = uploadedUrl(await uploadSellerImage(token, { bytes: tinyGif, type: "image/gif" }));
      expect(second).not.toBe(first);
      expect((await download(first)).status).toBe(404);
      const served = await download(second);
      expect(served.status).toBe(200);
      expect(served.contentType).toBe("image/gif");
      expect(served.bytes.equals(tinyGif)).toBe(true);
      expect((await storedImage()).img).toBe(second);
    });

    it("the same bytes uploaded twice still get two URLs, and only the latest is served", async () => {
      const first = uploadedUrl(await uploadSellerImage(token, { bytes: tinyPng, type: "image/png" }));
      const second = uploadedUrl(await uploadSellerImage(token, { bytes: tinyPng, type: "image/png" }));
      expect(second).not.toBe(first);
      expect((await download(first)).status).toBe(404);
      expect((await download(second)).status).toBe(200);
    });

    it("a GIF declared as application/octet-stream is recognised by its bytes and served as image/gif", async () => {
      const url = uploadedUrl(
        await uploadSellerImage(token, { bytes: tinyGif, type: "application/octet-stream" }),
      );
      expect(url.endsWith(".gif")).toBe(true);
      const served = await download(url);
      expect(served.contentType).toBe("image/gif");
      expect(served.bytes.equals(tinyGif)).toBe(true);
    });

    it("a PNG of exactly 4 MB is accepted and served whole", async () => {
      const bytes = pngOf(4 * MB);
      const url = uploadedUrl(await uploadSellerImage(token, { bytes, type: "image/png" }));
      const served = await download(url);
      expect(served.status).toBe(200);
      expect(served.bytes.length).toBe(4 * MB);
      expect(served.bytes.equals(bytes)).toBe(true);
    });
  });
});
