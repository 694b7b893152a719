import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { createDocumentClient } from "../../../shared/aws/dynamodb-client.js";
import { requireEnv } from "../../../shared/config/environment.js";
import { globalIndexes } from "../../../shared/data/table-schema.js";
import { newId } from "../../../shared/ids/ids.js";
import { MAX_AVAILABLE_CODES } from "../../../shared/key-stock/key-stock-service.js";
import { createTestAccount, tokenFor } from "../../support/accounts.js";
import { type JsonResponse, request } from "../../support/http.js";
import { watchCodes } from "../../support/leak-scan.js";
import { createProduct, createTestCategory, jsonHeaders, validProductBody } from "../../support/products.js";

interface Counts {
  readonly available: number;
  readonly reserved: number;
  readonly delivered: number;
  readonly withdrawn: number;
}
interface UploadAnswer {
  readonly message: string;
  readonly added: number;
  readonly refused: { position: number; reason: string }[];
  readonly counts: Counts;
}
interface CodeLine {
  readonly id: string;
  readonly end: string;
  readonly state: string;
  readonly uploaded_at: string;
  readonly id_order?: string;
}
interface Inventory {
  readonly key_stock: 0 | 1;
  readonly counts: Counts;
  readonly codes: CodeLine[];
}
interface WithdrawAnswer {
  readonly message: string;
  readonly withdrawn: number;
  readonly refused: { id: string; reason: string }[];
  readonly counts: Counts;
}

const counts = (available: number, withdrawn = 0): Counts => ({
  available,
  reserved: 0,
  delivered: 0,
  withdrawn,
});

interface Seller {
  readonly id: number;
  readonly token: string;
}

const newSeller = async (): Promise<Seller> => {
  const account = await createTestAccount();
  return { id: account.seller_id, token: await tokenFor(account.api_key, "v1") };
};

/** Fresh codes no other test holds, registered with the leak scan: no response may ever carry one. */
const freshCodes = (seller: Seller, n: number): string[] => {
  const run = newId();
  const codes = Array.from({ length: n }, (_, i) => `KEY-${run}-${String(i).padStart(5, "0")}`);
  watchCodes(codes, seller.id);
  return codes;
};

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const uploadJson = (seller: Seller, productId: string, body: unknown): Promise<JsonResponse> =>
  request("POST", `/api/v1/products/keys/${productId}`, {
    headers: jsonHeaders(seller.token),
    body: JSON.stringify(body),
  });

const uploadText = (seller: Seller, productId: string, text: string): Promise<JsonResponse> =>
  request("POST", `/api/v1/products/keys/${productId}`, {
    headers: { ...bearer(seller.token), "Content-Type": "text/plain; charset=utf-8" },
    body: text,
  });

const uploadFile = async (seller: Seller, productId: string, bytes: Uint8Array): Promise<JsonResponse> => {
  const form = new FormData();
  form.set("file", new Blob([bytes], { type: "text/plain" }), "codes.txt");
  const encoded = new Request("http://form.invalid/", { method: "POST", body: form });
  return request("POST", `/api/v1/products/keys/${productId}`, {
    headers: { ...bearer(seller.token), "Content-Type": encoded.headers.get("content-type") ?? "" },
    body: new Uint8Array(await encoded.arrayBuffer()),
  });
};

const inventory = async (seller: Seller, productId: string, query = ""): Promise<JsonResponse> =>
  request("GET", `/api/v1/products/keys/${productId}${query}`, { headers: bearer(seller.token) });

const withdraw = (seller: Seller, productId: string, body: unknown): Promise<JsonResponse> =>
  request("POST", `/api/v1/products/keys/withdraw/${productId}`, {
    headers: jsonHeaders(seller.token),
    body: JSON.stringify(body),
  });

const dataOf = <T>(response: JsonResponse, status = 200): T => {
  expect(response.status, response.text).toBe(status);
  return (response.body as { data: T }).data;
};

const errorOf = (response: JsonResponse) => ({
  status: response.status,
  message: (response.body as { message?: string }).message,
});

const productInfo = async (seller: Seller, productId: string) =>
  dataOf<{ product: { count: number } }>(
    await request("GET", `/api/v1/products/info/${productId}`, { headers: bearer(seller.token) }),
  ).product;

/** Every code of the seller's page of one state, page after page through the cursors. */
const allCodes = async (seller: Seller, productId: string, state: string, limit: number) => {
  const codes: CodeLine[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query: string = `?state=${state}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const response = await inventory(seller, productId, query);
    codes.push(...dataOf<Inventory>(response).codes);
    cursor = response.headers.get("x-next-cursor");
    pages += 1;
  } while (cursor !== null);
  return { codes, pages };
};

describe("uploaded key stock: upload, see, withdraw (v1 extensions)", () => {
  let categoryId: number;
  let seller: Seller;
  const table = createDocumentClient();

  beforeAll(async () => {
    categoryId = await createTestCategory();
    seller = await newSeller();
  });

  const newProduct = (owner: Seller, count = 7) =>
    createProduct(
      owner.token,
      validProductBody(categoryId, { name: `Keys ${newId()}`, uuid: newId(), count }),
    );

  it("a JSON upload stores each good code once, refuses the rest by position with why, and makes count the available codes", async () => {
    const productId = await newProduct(seller, 7);
    const [a = "", b = ""] = freshCodes(seller, 2);
    const answer = dataOf<UploadAnswer>(
      await uploadJson(seller, productId, {
        codes: [a, `  ${b}  `, a, "<b>bold</b>", "", 42, "x".repeat(2001)],
      }),
    );
    expect(answer).toEqual({
      message: "Codes uploaded",
      added: 2,
      refused: [
        { position: 3, reason: "Repeats the code at position 1" },
        { position: 4, reason: "Field 'code' must not contain HTML tags" },
        { position: 5, reason: "Field 'code' must not be empty" },
        { position: 6, reason: "Field 'code' must be a string" },
        { position: 7, reason: "Field 'code' must be at most 2000 characters" },
      ],
      // The first upload replaces the declared count of 7: the codes are the stock now.
      counts: counts(2),
    });
    expect((await productInfo(seller, productId)).count).toBe(2);
  });

  it("text and file uploads take one code per line; positions are the seller's line numbers, blank lines counted", async () => {
    const productId = await newProduct(seller);
    const [a = "", b = "", c = "", d = ""] = freshCodes(seller, 4);
    const text = dataOf<UploadAnswer>(await uploadText(seller, productId, `${a}\r\n\r\n${b}\n\n\n${a}\n`));
    expect(text).toEqual({
      message: "Codes uploaded",
      added: 2,
      refused: [{ position: 6, reason: "Repeats the code at position 1" }],
      counts: counts(2),
    });
    // A file from a Windows editor: a byte-order mark first, CRLF lines, a code the product holds already.
    const file = dataOf<UploadAnswer>(
      await uploadFile(seller, productId, new TextEncoder().encode(`\uFEFF${c}\r\n${b}\r\n${d}`)),
    );
    expect(file).toEqual({
      message: "Codes uploaded",
      added: 2,
      refused: [{ position: 2, reason: "Already held by one of your products" }],
      counts: counts(4),
    });
  });

  it("a code held by any of the seller's products is refused; another seller may hold the same code", async () => {
    const first = await newProduct(seller);
    const second = await newProduct(seller);
    const [shared = "", own = ""] = freshCodes(seller, 2);
    dataOf<UploadAnswer>(await uploadJson(seller, first, { codes: [shared] }));
    expect(dataOf<UploadAnswer>(await uploadJson(seller, second, { codes: [shared, own] }))).toEqual({
      message: "Codes uploaded",
      added: 1,
      refused: [{ position: 1, reason: "Already held by one of your products" }],
      counts: counts(1),
    });
    const other = await newSeller();
    watchCodes([shared], other.id);
    const theirs = await newProduct(other);
    expect(dataOf<UploadAnswer>(await uploadJson(other, theirs, { codes: [shared] })).added).toBe(1);
  });

  it("an upload that cannot be read is refused whole, and stores nothing", async () => {
    const productId = await newProduct(seller, 7);
    const cases: [JsonResponse, { status: number; message: string }][] = [
      [
        await uploadJson(seller, productId, { codes: "ABC" }),
        { status: 400, message: "Field 'codes' must be a list of codes" },
      ],
      [
        await uploadJson(seller, productId, { codes: [], extra: 1 }),
        { status: 400, message: "Field 'extra' is not allowed" },
      ],
      [
        await uploadJson(seller, productId, { codes: [] }),
        {
          status: 400,
          message:
            'The upload holds no codes: send a JSON body {"codes": [...]}, text/plain with one code per line, or a multipart file named "file"',
        },
      ],
      [
        await uploadText(seller, productId, "\n\n  \n"),
        {
          status: 400,
          message:
            'The upload holds no codes: send a JSON body {"codes": [...]}, text/plain with one code per line, or a multipart file named "file"',
        },
      ],
      [
        await uploadFile(seller, productId, new Uint8Array([0x4b, 0x45, 0x59, 0xff, 0xfe])),
        { status: 400, message: "The uploaded codes must be UTF-8 text" },
      ],
      [
        await uploadText(seller, productId, Array.from({ length: 10_001 }, (_, i) => `K${i}`).join("\n")),
        { status: 400, message: "An upload holds at most 10,000 codes" },
      ],
    ];
    expect(cases.map(([response]) => errorOf(response))).toEqual(cases.map(([, expected]) => expected));
    const after = dataOf<Inventory>(await inventory(seller, productId));
    expect(after).toEqual({ key_stock: 0, counts: counts(0), codes: [] });
    expect((await productInfo(seller, productId)).count).toBe(7);
  });

  it("a key product's count update is refused and changes nothing; a plain product's still applies", async () => {
    const keyed = await newProduct(seller);
    const plain = await newProduct(seller, 3);
    dataOf<UploadAnswer>(await uploadJson(seller, keyed, { codes: freshCodes(seller, 2) }));
    const update = (productId: string, body: unknown) =>
      request("POST", `/api/v1/products/update/${productId}`, {
        headers: jsonHeaders(seller.token),
        body: JSON.stringify(body),
      });
    expect(errorOf(await update(keyed, { count: 50 }))).toEqual({
      status: 409,
      message: "The product's count follows its uploaded codes: upload or withdraw codes instead",
    });
    expect((await productInfo(seller, keyed)).count).toBe(2);
    // Its other fields still change.
    expect((await update(keyed, { price: 1999 })).status).toBe(200);
    expect((await update(plain, { count: 50 })).status).toBe(200);
    expect((await productInfo(seller, plain)).count).toBe(50);
  });

  it("the page of codes shows each code's id, end and state, never the code, and its cursors walk every code once", async () => {
    const productId = await newProduct(seller);
    const codes = freshCodes(seller, 7);
    dataOf<UploadAnswer>(await uploadJson(seller, productId, { codes }));
    const first = dataOf<Inventory>(await inventory(seller, productId, "?limit=3"));
    expect(first.key_stock).toBe(1);
    expect(first.counts).toEqual(counts(7));
    expect(first.codes).toHaveLength(3);
    for (const line of first.codes) {
      expect(line.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(line.state).toBe("available");
      expect(line.uploaded_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(line).not.toHaveProperty("id_order");
    }
    const walked = await allCodes(seller, productId, "available", 3);
    expect(walked.pages).toBe(3);
    expect(walked.codes.map((line) => line.end).sort()).toEqual(codes.map((code) => code.slice(-4)).sort());
    expect(new Set(walked.codes.map((line) => line.id)).size).toBe(7);
    const none = dataOf<Inventory>(await inventory(seller, productId, "?state=delivered"));
    expect(none.codes).toEqual([]);
    expect(errorOf(await inventory(seller, productId, "?state=sold"))).toEqual({
      status: 400,
      message: "state must be one of available, reserved, delivered",
    });
    // A cursor of one product's list is refused on another's.
    const cursor = (await inventory(seller, productId, "?limit=1")).headers.get("x-next-cursor") ?? "";
    const other = await newProduct(seller);
    expect(errorOf(await inventory(seller, other, `?cursor=${encodeURIComponent(cursor)}`))).toEqual({
      status: 400,
      message: "Invalid cursor",
    });
  });

  it("the table holds every code sealed: no item, key or attribute carries one in the clear", async () => {
    const owner = await newSeller();
    const productId = await newProduct(owner);
    const codes = freshCodes(owner, 5);
    dataOf<UploadAnswer>(await uploadJson(owner, productId, { codes }));
    const items = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await table.send(
        new ScanCommand({
          TableName: requireEnv("TABLE_NAME"),
          FilterExpression: "begins_with(PK, :prefix)",
          ExpressionAttributeValues: { ":prefix": `KEYCODE#${owner.id}#` },
          ExclusiveStartKey: start,
        }),
      );
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    expect(items).toHaveLength(5);
    const stored = JSON.stringify(items);
    for (const code of codes) expect(stored).not.toContain(code);
    expect(
      items.every((item) => typeof item.code_sealed === "string" && item.code_sealed.startsWith("s1.")),
    ).toBe(true);
    // Each code is in one index only, GSI4, which copies keys and nothing else: not the code, sealed or not.
    for (const item of items) {
      expect(
        Object.keys(item)
          .filter((name) => name.startsWith("GSI"))
          .sort(),
      ).toEqual(["GSI4PK", "GSI4SK"]);
    }
    expect(globalIndexes.GSI4.projection).toEqual({ type: "KEYS_ONLY" });
  });

  it("withdrawing by id deletes available codes, refuses the others by id, and the count follows", async () => {
    const productId = await newProduct(seller);
    const codes = freshCodes(seller, 4);
    dataOf<UploadAnswer>(await uploadJson(seller, productId, { codes }));
    const lines = (await allCodes(seller, productId, "available", 10)).codes;
    const [one, two] = lines;
    const other = await newProduct(seller);
    dataOf<UploadAnswer>(await uploadJson(seller, other, { codes: freshCodes(seller, 1) }));
    const foreign = dataOf<Inventory>(await inventory(seller, other)).codes[0]?.id ?? "";
    const answer = dataOf<WithdrawAnswer>(
      await withdraw(seller, productId, { ids: [one?.id, two?.id, one?.id, "not-an-id", foreign] }),
    );
    expect(answer).toEqual({
      message: "Codes withdrawn",
      withdrawn: 2,
      refused: [
        { id: "not-an-id", reason: "No such code on this product" },
        { id: foreign, reason: "No such code on this product" },
      ],
      counts: counts(2, 2),
    });
    expect((await productInfo(seller, productId)).count).toBe(2);
    expect((await productInfo(seller, other)).count).toBe(1);
    // A withdrawn code is the seller's again: it may be uploaded anew, here to the other product.
    const withdrawnCode = codes.find((code) => code.endsWith(one?.end ?? "?")) ?? "";
    expect(dataOf<UploadAnswer>(await uploadJson(seller, other, { codes: [withdrawnCode] })).added).toBe(1);
    expect(errorOf(await withdraw(seller, productId, { ids: [] }))).toEqual({
      status: 400,
      message: "Give either ids (a list of code ids) or all: true",
    });
  });

  it("withdrawing all empties the product; a key product with codes is not deleted, an emptied one is", async () => {
    const productId = await newProduct(seller);
    dataOf<UploadAnswer>(await uploadJson(seller, productId, { codes: freshCodes(seller, 120) }));
    const remove = () =>
      request("DELETE", `/api/v1/products/${productId}`, { headers: bearer(seller.token) });
    expect(errorOf(await remove())).toEqual({
      status: 409,
      message:
        "The product still holds codes: withdraw them first (reserved ones return when their orders end)",
    });
    // 120 codes: two transactions of 99 and 21.
    expect(dataOf<WithdrawAnswer>(await withdraw(seller, productId, { all: true }))).toEqual({
      message: "Codes withdrawn",
      withdrawn: 120,
      refused: [],
      counts: counts(0, 120),
    });
    expect(dataOf<Inventory>(await inventory(seller, productId)).codes).toEqual([]);
    expect((await remove()).status).toBe(200);
  });

  it("another seller can neither upload to, see nor withdraw from a product that is not theirs", async () => {
    const productId = await newProduct(seller);
    dataOf<UploadAnswer>(await uploadJson(seller, productId, { codes: freshCodes(seller, 1) }));
    const intruder = await newSeller();
    const notFound = { status: 404, message: "Product not found or access denied" };
    expect(errorOf(await uploadJson(intruder, productId, { codes: freshCodes(intruder, 1) }))).toEqual(
      notFound,
    );
    expect(errorOf(await inventory(intruder, productId))).toEqual(notFound);
    expect(errorOf(await withdraw(intruder, productId, { all: true }))).toEqual(notFound);
    expect(dataOf<Inventory>(await inventory(seller, productId)).counts).toEqual(counts(1));
  });

  it(`parallel uploads of the same codes to two products store each code exactly once (at most ${MAX_AVAILABLE_CODES.toLocaleString("en-US")} per product)`, async () => {
    const owner = await newSeller();
    const products = [await newProduct(owner), await newProduct(owner)];
    const codes = freshCodes(owner, 150);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => uploadJson(owner, products[i % 2] ?? "", { codes })),
    );
    const uploads = answers.map((response) => dataOf<UploadAnswer>(response));
    // Every code went to exactly one upload; each upload refused exactly the codes it did not store.
    expect(uploads.reduce((sum, upload) => sum + upload.added, 0)).toBe(150);
    for (const upload of uploads) expect(upload.added + upload.refused.length).toBe(150);
    const available = await Promise.all(
      products.map(
        async (productId) => dataOf<Inventory>(await inventory(owner, productId)).counts.available,
      ),
    );
    expect(available.reduce((sum, n) => sum + n, 0)).toBe(150);
    const listed = await Promise.all(
      products.map(async (productId) => (await allCodes(owner, productId, "available", 1000)).codes.length),
    );
    expect(listed).toEqual(available);
  });
});
