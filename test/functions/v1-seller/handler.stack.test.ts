import { describe, expect, it } from "vitest";
import type { CreatedAccount } from "../../../shared/accounts/account-service.js";
import { accountService, accountStore } from "../../../shared/runtime/dependencies.js";
import { createTestAccount, tokenFor } from "../../support/accounts.js";
import { type JsonResponse, request } from "../../support/http.js";
import { jsonHeaders } from "../../support/products.js";

/** The spec's v1 Seller fields, and nothing else. */
const SELLER_FIELDS = [
  "api_key",
  "api_url",
  "balance",
  "data_create",
  "description",
  "id",
  "id_user",
  "img",
  "name",
  "rating",
  "status_moderation",
];

const DANGEROUS_NAME_MESSAGE = "Name must not contain any of < > \" ' ` ; & { }";
const NAME_LENGTH_MESSAGE = "Name must be between 3 and 100 characters";

interface SellerView {
  id: number;
  id_user: number;
  name: string;
  balance: number;
  img: string;
  description: string;
  api_url: string;
  data_create: string;
  rating: number;
  api_key: string;
  status_moderation: number;
}

interface ProfileView {
  id: number;
  name: string;
  description: string;
  api_url: string;
}

/** Asserts a v1 error: exact HTTP status and exact envelope. */
const expectError = (response: JsonResponse, status: number, message: string) => {
  expect({ status: response.status, body: response.body }).toEqual({
    status,
    body: { status: "error", message },
  });
};

/** A fresh seller with a v1 token. */
const newSeller = async (): Promise<CreatedAccount & { token: string }> => {
  const account = await createTestAccount();
  return { ...account, token: await tokenFor(account.api_key, "v1") };
};

const getSeller = (token: string) =>
  request("GET", "/api/v1/seller", { headers: { Authorization: `Bearer ${token}` } });

const sellerData = async (token: string): Promise<SellerView> => {
  const response = await getSeller(token);
  expect(response.status).toBe(200);
  const body = response.body as { status: string; data: SellerView };
  expect(body.status).toBe("success");
  return body.data;
};

const postProfile = (token: string, body: unknown) =>
  request("POST", "/api/v1/seller/profile", { headers: jsonHeaders(token), body: JSON.stringify(body) });

const postRawProfile = (token: string, body: string | undefined) =>
  request("POST", "/api/v1/seller/profile", {
    headers: jsonHeaders(token),
    ...(body === undefined ? {} : { body }),
  });

const profileData = (response: JsonResponse): ProfileView => {
  expect(response.status).toBe(200);
  const body = response.body as { status: string; data: ProfileView };
  expect(body.status).toBe("success");
  expect(Object.keys(body.data).sort()).toEqual(["api_url", "description", "id", "name"]);
  return body.data;
};

/** The stored profile fields, to show a refused update changed nothing. */
const storedProfile = async (sellerId: number) => {
  const account = await accountStore().findById(sellerId);
  return {
    name: account?.name,
    description: account?.description,
    api_url: account?.api_url,
    balance: account?.balance,
    rating: account?.rating,
    status_moderation: account?.status_moderation,
    id_user: account?.id_user,
  };
};

/** Wraps text in `levels` layers of HTML entity encoding. */
const entityEncode = (text: string, levels: number): string => {
  let encoded = text;
  for (let i = 0; i < levels; i++) {
    encoded = encoded.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }
  return encoded;
};

describe("GET /api/v1/seller", () => {
  it("returns every v1 Seller field with its type and the caller's own values", async () => {
    const seller = await newSeller();
    const data = await sellerData(seller.token);
    expect(Object.keys(data).sort()).toEqual(SELLER_FIELDS);
    for (const field of ["id", "id_user", "balance", "rating", "status_moderation"] as const) {
      expect(Number.isInteger(data[field]), field).toBe(true);
    }
    for (const field of ["name", "img", "description", "api_url", "data_create", "api_key"] as const) {
      expect(typeof data[field], field).toBe("string");
    }
    const stored = await accountStore().findById(seller.seller_id);
    const [year, month, day] = (stored?.created_at ?? "").slice(0, 10).split("-");
    expect(data).toEqual({
      id: seller.seller_id,
      id_user: seller.seller_id,
      name: stored?.name,
      balance: 0,
      img: "",
      description: "",
      api_url: "",
      data_create: `${day}.${month}.${year}`,
      rating: 0,
      api_key: seller.api_key,
      status_moderation: 1,
    });
    expect(data.data_create).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
  });

  it("never exposes the e-mail, the TOTP secret, hashes or sealed secrets", async () => {
    const seller = await newSeller();
    const response = await getSeller(seller.token);
    expect(response.status).toBe(200);
    const stored = await accountStore().findById(seller.seller_id);
    expect(stored).toBeDefined();
    for (const secret of [
      stored?.email ?? "missing-email",
      seller.totp_secret,
      stored?.api_key_hash ?? "missing-hash",
      stored?.api_key_sealed ?? "missing-sealed-key",
      stored?.totp_secret_sealed ?? "missing-sealed-secret",
    ]) {
      expect(response.text).not.toContain(secret);
    }
    expect(response.text).not.toMatch(/email|totp|hash|sealed|secret/i);
  });

  it("shows the balance an operator credited as an integer", async () => {
    const seller = await newSeller();
    await accountService().credit(seller.seller_id, 2500);
    const data = await sellerData(seller.token);
    expect(data.balance).toBe(2500);
    expect(Number.isInteger(data.balance)).toBe(true);
  });

  it("answers 401 Unauthorized without a token or with an invalid one", async () => {
    expectError(await request("GET", "/api/v1/seller"), 401, "Unauthorized");
    expectError(await getSeller("not-a-token"), 401, "Unauthorized");
  });
});

// Every refused and accepted value of each profile field, as the schema decides it, is asserted in
// test/shared/accounts/seller-profile.test.ts. Here one value per rule family proves the wiring
// (schema → 400 v1 envelope → nothing stored), and storage round trips, the service's and the JSON
// middleware's answers and ownership are checked end to end.
describe("POST /api/v1/seller/profile", () => {
  it("updates name, description and api_url and answers exactly data.id, name, description, api_url", async () => {
    const seller = await newSeller();
    const data = profileData(
      await postProfile(seller.token, {
        name: "My Key Shop",
        description: "Instant Steam keys, 24/7.",
        api_url: "https://shop.example/hook",
      }),
    );
    expect(data).toEqual({
      id: seller.seller_id,
      name: "My Key Shop",
      description: "Instant Steam keys, 24/7.",
      api_url: "https://shop.example/hook",
    });
    const view = await sellerData(seller.token);
    expect(view).toMatchObject({
      name: "My Key Shop",
      description: "Instant Steam keys, 24/7.",
      api_url: "https://shop.example/hook",
    });
  });

  it("changes only the fields sent", async () => {
    const seller = await newSeller();
    profileData(
      await postProfile(seller.token, { description: "First description", api_url: "http://a.example" }),
    );
    const data = profileData(await postProfile(seller.token, { name: "Renamed Store" }));
    expect(data).toEqual({
      id: seller.seller_id,
      name: "Renamed Store",
      description: "First description",
      api_url: "http://a.example",
    });
  });

  it("trims the name and accepts names of exactly 3 and 100 characters", async () => {
    const seller = await newSeller();
    expect(profileData(await postProfile(seller.token, { name: "  Trimmed Shop  " })).name).toBe(
      "Trimmed Shop",
    );
    expect(profileData(await postProfile(seller.token, { name: "abc" })).name).toBe("abc");
    const hundred = "n".repeat(100);
    expect(profileData(await postProfile(seller.token, { name: hundred })).name).toBe(hundred);
  });

  it("refuses a name of 2 characters with 'Name must be between 3 and 100 characters' and stores nothing", async () => {
    const seller = await newSeller();
    const before = await storedProfile(seller.seller_id);
    expectError(await postProfile(seller.token, { name: "ab" }), 400, NAME_LENGTH_MESSAGE);
    expect(await storedProfile(seller.seller_id)).toEqual(before);
  });

  it("refuses a name with markup characters (< > \" ' ` ; & { }) with a message naming them and stores nothing", async () => {
    const seller = await newSeller();
    const before = await storedProfile(seller.seller_id);
    expectError(await postProfile(seller.token, { name: "<b>Shop</b>" }), 400, DANGEROUS_NAME_MESSAGE);
    expect(await storedProfile(seller.seller_id)).toEqual(before);
  });

  it("refuses a line break in the name with 'Name must not contain control characters' and stores nothing", async () => {
    const seller = await newSeller();
    const before = await storedProfile(seller.seller_id);
    expectError(
      await postProfile(seller.token, { name: "Key\nShop" }),
      400,
      "Name must not contain control characters",
    );
    expect(await storedProfile(seller.seller_id)).toEqual(before);
  });

  it("refuses a description of 9 characters with 'Description too short (min 10)' and accepts 10", async () => {
    const seller = await newSeller();
    const before = await storedProfile(seller.seller_id);
    expectError(
      await postProfile(seller.token, { description: "too short" }),
      400,
      "Description too short (min 10)",
    );
    expect(await storedProfile(seller.seller_id)).toEqual(before);
    expect(profileData(await postProfile(seller.token, { description: "ten chars!" })).description).toBe(
      "ten chars!",
    );
  });

  it("refuses a description over 1000 characters with 'Description too long (max 1000)' and accepts exactly 1000", async () => {
    const seller = await newSeller();
    expectError(
      await postProfile(seller.token, { description: "d".repeat(1001) }),
      400,
      "Description too long (max 1000)",
    );
    const thousand = "d".repeat(1000);
    expect(profileData(await postProfile(seller.token, { description: thousand })).description).toBe(
      thousand,
    );
  });

  it("strips HTML tags and script and style content from the description", async () => {
    const seller = await newSeller();
    const data = profileData(
      await postProfile(seller.token, {
        description:
          '<p onclick="x()">Instant <b>Steam</b> keys</p><script>alert("x")</script><style>p{}</style><img src=x onerror=alert(1)>',
      }),
    );
    expect(data.description).toBe("Instant Steam keys");
    expect((await sellerData(seller.token)).description).toBe("Instant Steam keys");
  });

  it("checks the description length after sanitizing: markup does not count and cannot pad a short text", async () => {
    const seller = await newSeller();
    expectError(
      await postProfile(seller.token, { description: "<b>tiny</b><script>alert('long enough')</script>" }),
      400,
      "Description too short (min 10)",
    );
    const text = "t".repeat(1000);
    const data = profileData(
      await postProfile(seller.token, { description: `<div><b><i>${text}</i></b></div>` }),
    );
    expect(data.description).toBe(text);
  });

  it("keeps plain-text punctuation and line breaks in the description", async () => {
    const seller = await newSeller();
    const data = profileData(
      await postProfile(seller.token, { description: "Tom & Jerry: 5 < 6 and 7 > 3.\nSecond line" }),
    );
    expect(data.description).toBe("Tom & Jerry: 5 < 6 and 7 > 3.\nSecond line");
  });

  it("refuses control characters in the description", async () => {
    const seller = await newSeller();
    expectError(
      await postProfile(seller.token, { description: "Instant keys\u0000 for you" }),
      400,
      "Description must not contain control characters",
    );
  });

  it("strips a script tag that arrives entity-encoded four times and stores only the text", async () => {
    const seller = await newSeller();
    const data = profileData(
      await postProfile(seller.token, {
        description: entityEncode("<script>alert(1)</script> hello world", 4),
      }),
    );
    expect(data.description).toBe("hello world");
    expect((await sellerData(seller.token)).description).toBe("hello world");
  });

  it("never stores a script tag hidden under seven layers of entity encoding", async () => {
    const seller = await newSeller();
    const data = profileData(
      await postProfile(seller.token, {
        description: entityEncode("<script>alert(1)</script> hello world", 7),
      }),
    );
    expect(data.description).not.toMatch(/<\s*script/i);
    expect((await sellerData(seller.token)).description).not.toMatch(/<\s*script/i);
  });

  it("accepts absolute http and https api_url values and clears it with an empty string", async () => {
    const seller = await newSeller();
    expect(
      profileData(await postProfile(seller.token, { api_url: "http://127.0.0.1:9999/hook" })).api_url,
    ).toBe("http://127.0.0.1:9999/hook");
    expect(
      profileData(await postProfile(seller.token, { api_url: "https://shop.example/hook?x=1" })).api_url,
    ).toBe("https://shop.example/hook?x=1");
    expect(profileData(await postProfile(seller.token, { api_url: "" })).api_url).toBe("");
  });

  it("refuses an api_url that is not an absolute http(s) URL with 'Invalid API URL' and stores nothing", async () => {
    const seller = await newSeller();
    const before = await storedProfile(seller.seller_id);
    expectError(await postProfile(seller.token, { api_url: "javascript:alert(1)" }), 400, "Invalid API URL");
    expect(await storedProfile(seller.seller_id)).toEqual(before);
  });

  it("refuses an unknown field with \"Field '<field>' is not allowed\"", async () => {
    const seller = await newSeller();
    expectError(await postProfile(seller.token, { nickname: "x" }), 400, "Field 'nickname' is not allowed");
    expectError(
      await postProfile(seller.token, { name: "Valid Store", email: "x@example.com" }),
      400,
      "Field 'email' is not allowed",
    );
  });

  it("refuses balance and api_key beside a valid name as not allowed and changes nothing", async () => {
    const seller = await newSeller();
    const before = await storedProfile(seller.seller_id);
    // Every restricted field, alone and beside a name, is in test/shared/accounts/seller-profile.test.ts.
    const restricted: Record<string, unknown> = { balance: 1_000_000, api_key: "mk_forged" };
    for (const [field, value] of Object.entries(restricted)) {
      expectError(
        await postProfile(seller.token, { name: "Sneaky Store", [field]: value }),
        400,
        `Field '${field}' is not allowed`,
      );
    }
    expect(await storedProfile(seller.seller_id)).toEqual(before);
    const view = await sellerData(seller.token);
    expect(view.api_key).toBe(seller.api_key);
    expect(await tokenFor(seller.api_key, "v1")).toMatch(/^ey/);
  });

  it("refuses an empty update with 'No valid data to update'", async () => {
    const seller = await newSeller();
    expectError(await postProfile(seller.token, {}), 400, "No valid data to update");
    expectError(await postRawProfile(seller.token, undefined), 400, "No valid data to update");
  });

  it("refuses malformed JSON and JSON that is not an object with 'Invalid JSON'", async () => {
    const seller = await newSeller();
    // Other bodies that are not objects are in test/shared/accounts/seller-profile.test.ts.
    for (const body of ["{", '{"name": "Shop",}', "name=Shop", "[]"]) {
      const response = await postRawProfile(seller.token, body);
      expect(response.status, body).toBe(400);
      expect(response.body, body).toEqual({ status: "error", message: "Invalid JSON" });
    }
  });

  it("answers 401 Unauthorized without a token or with an invalid one", async () => {
    expectError(
      await request("POST", "/api/v1/seller/profile", {
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Anonymous" }),
      }),
      401,
      "Unauthorized",
    );
    expectError(await postProfile("not-a-token", { name: "Anonymous" }), 401, "Unauthorized");
  });
});

describe("seller ownership", () => {
  it("GET /seller answers with the caller's record only, whatever the query says", async () => {
    const a = await newSeller();
    const b = await newSeller();
    const viewB = await sellerData(b.token);
    expect(viewB.id).toBe(b.seller_id);
    expect(viewB.api_key).toBe(b.api_key);
    const response = await request("GET", `/api/v1/seller?id=${a.seller_id}&id_user=${a.seller_id}`, {
      headers: { Authorization: `Bearer ${b.token}` },
    });
    expect(response.status).toBe(200);
    const body = response.body as { data: SellerView };
    expect(body.data.id).toBe(b.seller_id);
    expect(response.text).not.toContain(a.api_key);
  });

  it("a profile update changes only the caller's profile and cannot name another seller", async () => {
    const a = await newSeller();
    const b = await newSeller();
    profileData(await postProfile(a.token, { name: "Store Of A", description: "Description of A" }));
    const beforeA = await storedProfile(a.seller_id);
    const data = profileData(await postProfile(b.token, { name: "Store Of B" }));
    expect(data.id).toBe(b.seller_id);
    for (const field of ["id", "seller_id", "account_id"]) {
      expectError(
        await postProfile(b.token, { [field]: a.seller_id, name: "Hijacked Store" }),
        400,
        `Field '${field}' is not allowed`,
      );
    }
    expect(await storedProfile(a.seller_id)).toEqual(beforeA);
    expect((await sellerData(a.token)).name).toBe("Store Of A");
  });
});
