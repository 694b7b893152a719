import { describe, expect, it } from "vitest";
import { DomainError } from "../../../shared/errors/domain-error.js";
import { parseMultipart } from "../../../shared/http/multipart.js";

/** Encodes a form the way fetch does, and returns its content type and bytes. */
const encode = async (form: FormData) => {
  const response = new Response(form);
  return {
    contentType: response.headers.get("content-type") ?? "",
    body: Buffer.from(await response.arrayBuffer()),
  };
};

describe("multipart/form-data bodies", () => {
  it("yields text fields and files byte for byte", async () => {
    const form = new FormData();
    form.set("id_product", "01ARZ3NDEKTSV4RRFFQ69G5FAV");
    const bytes = new Uint8Array([0, 1, 2, 0x0d, 0x0a, 0x2d, 0x2d, 255]);
    form.set("img", new Blob([bytes], { type: "image/png" }), "x.png");
    const { contentType, body } = await encode(form);
    const parsed = await parseMultipart(contentType, body, { fileSize: 1024 });
    expect(parsed.fields).toEqual({ id_product: "01ARZ3NDEKTSV4RRFFQ69G5FAV" });
    expect(parsed.files.img?.filename).toBe("x.png");
    expect(parsed.files.img?.declaredType).toBe("image/png");
    expect(parsed.files.img?.truncated).toBe(false);
    expect([...(parsed.files.img?.bytes ?? [])]).toEqual([...bytes]);
  });

  it("marks a file over the size limit as truncated", async () => {
    const form = new FormData();
    form.set("img", new Blob([new Uint8Array(2000)]), "big.bin");
    const { contentType, body } = await encode(form);
    const parsed = await parseMultipart(contentType, body, { fileSize: 1000 });
    expect(parsed.files.img?.truncated).toBe(true);
    expect(parsed.files.img?.bytes.length).toBe(1000);
  });

  it("refuses a body that is not multipart with a 400 naming the problem", async () => {
    const error = await parseMultipart("application/json", Buffer.from("{}"), { fileSize: 10 }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe("bad_request");
    expect((error as DomainError).message).toBe("Expected a multipart/form-data body");
  });

  it("refuses a body cut off inside a file with a 400 instead of crashing the process", async () => {
    const body = Buffer.concat([
      Buffer.from(
        '--XYZ\r\nContent-Disposition: form-data; name="img"; filename="a"\r\nContent-Type: image/png\r\n\r\n',
      ),
      Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    ]);
    const error = await parseMultipart("multipart/form-data; boundary=XYZ", body, { fileSize: 1024 }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe("bad_request");
    expect((error as DomainError).message).toBe("Invalid multipart body");
  });

  it("refuses multipart without a boundary with a 400", async () => {
    const error = await parseMultipart("multipart/form-data", Buffer.from("x"), { fileSize: 10 }).catch(
      (e) => e,
    );
    expect((error as DomainError).kind).toBe("bad_request");
    expect((error as DomainError).message).toBe("Invalid multipart body");
  });
});
