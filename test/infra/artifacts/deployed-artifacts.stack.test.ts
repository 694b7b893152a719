import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ReceiveMessageCommand, SendMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import { generate } from "otplib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type CloudAssembly, readCloudAssembly, referencedIds } from "../../../infra/local/cloud-assembly.js";
import {
  LOCAL_REGION,
  lambdaRuntimeEnvironment,
  localOverrides,
} from "../../../infra/local/lambda-runtime-environment.js";
import { localCredentials, localEndpoints, localSecret } from "../../../infra/local/local-environment.js";
import { routeKey, routes } from "../../../shared/http/routes.js";
import { deliveryMessage } from "../../../shared/mail/mail-message.js";
import { callbackSignature } from "../../../shared/payments/callback-signature.js";
import { withoutThirdPartyRequests } from "../../../shared/reference/redoc-script.js";
import { webhookSignature } from "../../../shared/webhooks/webhook-signature.js";
import { WAIT_GUARD_MS } from "../../support/hang-guard.js";
import { tinyPng } from "../../support/products.js";
import { startReceiver } from "../../support/receiver.js";
import { workerStack } from "../../support/worker-stack.js";
import { artifactClient, type RequestOptions } from "./artifact-client.js";
import { type ArtifactStack, startArtifactStack } from "./artifact-stack.js";
import { type OpsRunner, startOpsRunner } from "./ops-runner.js";
import { type SynthesizedApp, synthesize } from "./synthesized-app.js";

// The artifacts that deploy are the artifacts tested: `cdk synth` writes every function's bundle and the
// template; each function runs from its bundle with the template's environment, and every route and
// worker is driven through them.

const abort = new AbortController();
let synthesized: SynthesizedApp | undefined;
let assembly: CloudAssembly;
let stack: ArtifactStack;
let ops: OpsRunner | undefined;
/** The seller's webhook receiver (its api_url). */
let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
const stateDir = mkdtempSync(join(tmpdir(), "marketplace-artifacts-"));

beforeAll(async () => {
  synthesized = await synthesize(abort.signal);
  assembly = readCloudAssembly(synthesized.dir);
  const ports = workerStack().opsEnv;
  stack = await startArtifactStack({
    assembly,
    dynamoPort: Number(ports.DYNAMODB_LOCAL_PORT),
    database: `artifacts${process.pid}`,
    fauxqsPort: Number(ports.FAUXQS_PORT),
    stateDir,
  });
  ops = startOpsRunner(stack.opsSettings);
});

afterAll(async () => {
  abort.abort();
  await receiver?.close();
  await ops?.stop();
  await stack?.stop();
  synthesized?.remove();
  rmSync(stateDir, { recursive: true, force: true });
});

/** The accounts `ops seed-demo` creates (what it prints of each). */
interface DemoAccount {
  readonly seller_id: number;
  readonly api_key: string;
  readonly totp_secret: string;
}

/** What the scenario's steps hand on to the next. */
const world = {
  seller: undefined as DemoAccount | undefined,
  reseller: undefined as DemoAccount | undefined,
  v1: "",
  v2: "",
  product: "",
  productName: "",
  keyProduct: "",
  resellerOrder: "",
  guestOrder: "",
};

const client = () => artifactClient(stack.url);
const send = (method: string, path: string, options?: RequestOptions) => client().send(method, path, options);

/** How many function errors earlier tests already reported: each test reports only its own. */
let reported = 0;

/** Each function error since the test began, with the last lines its function logged. */
const failureReport = (): string[] =>
  stack.failures.slice(reported).map((failure) => {
    const logs = stack.hosts.get(failure.functionName)?.logs().slice(-15) ?? [];
    return `${failure.message}\n  ${logs.join("\n  ")}`;
  });

/**
 * Reads until `done` holds, and returns the last value. Fails at once when a function errs meanwhile
 * (what it waits for will not come), and only after the suite's wait guard otherwise: no machine is timed.
 */
const until = async <T>(
  what: string,
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
): Promise<T> => {
  const deadline = Date.now() + WAIT_GUARD_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    const failures = failureReport();
    if (failures.length > 0)
      throw new Error(`waiting for ${what}, a function failed:\n${failures.join("\n")}`);
    if (Date.now() > deadline) throw new Error(`${what} did not happen: last saw ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const required = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`${what} is not there: an earlier step failed`);
  return value;
};

const imageForm = (fields: Record<string, string>): FormData => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set("img", new Blob([new Uint8Array(tinyPng)], { type: "image/png" }), "cover.png");
  return form;
};

/** The bytes behind an image URL a bundle answered: served by the bucket the template's CDN fronts. */
const imageBytes = async (url: string): Promise<Buffer> =>
  Buffer.from(await (await fetch(url)).arrayBuffer());

afterEach(() => {
  // Nothing ran without a stack (its start-up failed, and said why).
  if (stack === undefined) return;
  const failures = failureReport();
  reported = stack.failures.length;
  expect(failures).toEqual([]);
});

describe("the bundles cdk synth wrote, with the template's environment", () => {
  it("every Node.js function of the template is invoked by a route, a queue, the stream or a schedule, and its bundle loads with exactly its template's variables, the runtime's and the local endpoints", () => {
    const wired = new Set([
      ...assembly.routes.values(),
      ...assembly.queueSources.map((source) => source.functionId),
      ...assembly.streamSources.map((source) => source.functionId),
      ...assembly.schedules.map((schedule) => schedule.functionId),
    ]);
    const deployed = [...assembly.functions.keys()].filter((id) => !assembly.customResourceProviders.has(id));
    expect([...wired].sort()).toEqual(deployed.sort());
    expect([...stack.hosts.keys()].sort()).toEqual(deployed.sort());
    const overrides = Object.keys(localOverrides({ dynamodb: "", fauxqs: "", secretsAndMail: "" }));
    for (const [id, host] of stack.hosts) {
      const fn = assembly.functions.get(id);
      if (!fn) throw new Error(`no function ${id}`);
      const expected = [
        ...Object.keys(lambdaRuntimeEnvironment(fn, { accessKeyId: "", secretAccessKey: "" })),
        ...overrides,
        ...Object.keys(fn.environment),
      ].sort();
      expect({ id, env: host.envNames }).toEqual({ id, env: expected });
    }
  });

  it("an operator seeds the stack, and both APIs exchange API keys for tokens (v1-auth, v2-auth)", async () => {
    const seeded = await required(ops, "the ops runner").run<{ seller: DemoAccount; reseller: DemoAccount }>([
      "seed-demo",
    ]);
    world.seller = seeded.seller;
    world.reseller = seeded.reseller;
    await ops?.run(["balance", "credit", String(seeded.reseller.seller_id), "10000"]);
    const v1 = await send("POST", "/api/v1/auth/api-key/create", {
      headers: { "X-API-KEY": seeded.seller.api_key },
    });
    expect(v1.body).toEqual({
      status: "success",
      data: { access_token: expect.any(String), expires_in: 3600 },
    });
    world.v1 = (v1.body as { data: { access_token: string } }).data.access_token;
    const v2 = await send("POST", "/api/v2/auth/api-key/create", {
      headers: { "X-API-KEY": seeded.reseller.api_key },
    });
    expect(v2.body).toEqual({
      ok: true,
      data: { access_token: expect.any(String), token_type: "Bearer", expires_in: 3600 },
      meta: {},
    });
    world.v2 = (v2.body as { data: { access_token: string } }).data.access_token;
    // A path no route has reaches the version's catch-all route and its function: 404 in the envelope.
    const v1Missing = await send("GET", "/api/v1/no-such-route", { token: world.v1 });
    expect({ status: v1Missing.status, body: v1Missing.body }).toEqual({
      status: 404,
      body: { status: "error", message: "Not found" },
    });
    const v2Missing = await send("GET", "/api/v2/no-such-route", { token: world.v2 });
    expect({ status: v2Missing.status, body: v2Missing.body }).toEqual({
      status: 404,
      body: {
        ok: false,
        code: "not_found",
        message: "Not found",
        http_status: 404,
        error: { code: "not_found" },
      },
    });
  });

  it("the seller sets up the account and its webhooks, and a test webhook reaches the receiver (v1-seller)", async () => {
    receiver = await startReceiver(() => 200);
    const token = world.v1;
    const profile = await send("POST", "/api/v1/seller/profile", { token, json: { api_url: receiver.url } });
    expect(profile.status).toBe(200);
    expect((profile.body as { data: { api_url: string } }).data.api_url).toBe(receiver.url);
    const image = await send("POST", "/api/v1/seller/img", { token, form: imageForm({}) });
    const imageUrl = (image.body as { data: { url: string } }).data.url;
    expect(image.status).toBe(200);
    expect(await imageBytes(imageUrl)).toEqual(tinyPng);
    const account = await send("GET", "/api/v1/seller", { token });
    expect(account.body).toMatchObject({
      status: "success",
      data: {
        id: world.seller?.seller_id,
        name: "Demo Seller",
        balance: 0,
        img: imageUrl,
        api_url: receiver.url,
      },
    });
    const events = { events: ["dispute.opened", "chat.message"], key_stock_low_threshold: 5 };
    expect((await send("POST", "/api/v1/seller/webhook-events", { token, json: events })).status).toBe(200);
    expect((await send("GET", "/api/v1/seller/webhook-events", { token })).body).toMatchObject({
      data: events,
    });
    const test = await send("POST", "/api/v1/seller/webhook-test", { token });
    expect(test.body).toMatchObject({
      status: "success",
      data: { target: new URL(receiver.url).origin, outcome: "delivered", http_status: 200, error: null },
    });
    expect(receiver.calls).toHaveLength(1);
    const secret = await send("POST", "/api/v1/seller/webhook-secret", { token });
    expect((secret.body as { data: { webhook_secret: string } }).data.webhook_secret).toMatch(/^whsec_/);
  });

  it("the seller lists products, uploads key stock and submits a product that the operator approves (v1-products, v1-key-stock)", async () => {
    const token = world.v1;
    const categories = await send("GET", "/api/v1/products/categories", { token });
    expect((categories.body as { data: unknown[] }).data).toContainEqual({
      id: 101,
      name: "Game keys",
      slug: "game-keys",
      status: "active",
    });
    world.productName = `Artifact ${process.pid}`;
    const body = {
      id_categories: 101,
      name: world.productName,
      meta_title: "Artifact key",
      meta_description: "Key",
      tags: "test",
      text_page: "A product sold through the synthesized bundles.",
      price: 1400,
      count: 10,
      uuid: `artifact-${process.pid}`,
      features: "instant,global,steam",
    };
    const created = await send("POST", "/api/v1/products", { token, json: body });
    expect(created.body).toEqual({
      status: "success",
      data: { message: "Product created", id: expect.any(String) },
    });
    world.product = (created.body as { data: { id: string } }).data.id;
    const update = await send("POST", `/api/v1/products/update/${world.product}`, {
      token,
      json: { price: 1500 },
    });
    expect(update.status).toBe(200);
    const info = await send("GET", `/api/v1/products/info/${world.product}`, { token });
    expect(info.body).toMatchObject({
      data: { product: { id: world.product, name: world.productName, price: 1500 } },
    });
    // The image sends the product to moderation; after the operator rejects it, the seller resubmits it.
    const image = await send("POST", "/api/v1/products/img", {
      token,
      form: imageForm({ id_product: world.product }),
    });
    expect(await imageBytes((image.body as { data: { url: string } }).data.url)).toEqual(tinyPng);
    await ops?.run(["product", "reject", world.product, "--reason", "Needs a better description"]);
    const moderation = await send("POST", "/api/v1/products/moderation", {
      token,
      json: { id_product: world.product },
    });
    expect(moderation.body).toEqual({
      status: "success",
      data: { message: "Product submitted for moderation", moderation_status: "pending" },
    });
    const list = await send("GET", "/api/v1/products", { token });
    expect((list.body as { data: { products: { id: string }[] } }).data.products.map((p) => p.id)).toEqual([
      world.product,
    ]);
    await ops?.run(["product", "approve", world.product]);
    await ops?.run(["product", "set", world.product, "--gift-available", "1"]);

    const doomed = await send("POST", "/api/v1/products", {
      token,
      json: { ...body, name: `${world.productName} to delete`, uuid: `doomed-${process.pid}` },
    });
    const doomedId = (doomed.body as { data: { id: string } }).data.id;
    expect((await send("DELETE", `/api/v1/products/${doomedId}`, { token })).body).toEqual({
      status: "success",
      data: { message: "Product deleted" },
    });

    const keys = await send("POST", "/api/v1/products", {
      token,
      json: { ...body, name: `${world.productName} keys`, uuid: `keys-${process.pid}`, count: 0 },
    });
    world.keyProduct = (keys.body as { data: { id: string } }).data.id;
    const uploaded = await send("POST", `/api/v1/products/keys/${world.keyProduct}`, {
      token,
      json: { codes: ["AAAAA-11111", "BBBBB-22222"] },
    });
    expect(uploaded.body).toMatchObject({ data: { message: "Codes uploaded", added: 2, refused: [] } });
    const stock = await send("GET", `/api/v1/products/keys/${world.keyProduct}`, { token });
    const codes = (stock.body as { data: { codes: { id: string; end: string }[] } }).data.codes;
    expect(codes.map((code) => code.end).sort()).toEqual(
      ["11111", "22222"].map((end) => end.slice(-4)).sort(),
    );
    const withdrawn = await send("POST", `/api/v1/products/keys/withdraw/${world.keyProduct}`, {
      token,
      json: { ids: [codes[0]?.id] },
    });
    expect(withdrawn.body).toMatchObject({ data: { message: "Codes withdrawn", withdrawn: 1, refused: [] } });
  });

  it("the approved product reaches the reseller catalogue through the table's stream and the catalogue indexer (v2-catalog, v2-favorites)", async () => {
    required(world.product || undefined, "the product");
    const token = world.v2;
    const search = await until(
      "the indexed product in search",
      async () => (await send("GET", `/api/v2/search?q=${encodeURIComponent("Artifact")}`, { token })).body,
      (body) =>
        ((body as { data?: { product_id: string }[] }).data ?? []).some(
          (p) => p.product_id === world.product,
        ),
    );
    expect((search as { data: { product_id: string }[] }).data.map((p) => p.product_id)).toEqual([
      world.product,
    ]);
    const catalogue = await send("GET", `/api/v2/products/${world.seller?.seller_id}`, { token });
    expect((catalogue.body as { data: { product_id: string }[] }).data.map((p) => p.product_id)).toEqual([
      world.product,
    ]);
    const product = await send("GET", `/api/v2/product/${world.product}`, { token });
    expect(product.body).toMatchObject({
      ok: true,
      data: { product_id: world.product, name: world.productName },
    });
    await ops?.run(["comment", "add", "--product", world.product, "--rating", "5", "--text", "Works"]);
    const comments = await send("GET", `/api/v2/comment/${world.product}`, { token });
    expect(comments.body).toMatchObject({
      ok: true,
      data: [{ rating: 5, text: "Works" }],
      meta: { total: 1 },
    });
    const favorite = await send("POST", "/api/v2/favorites", {
      token,
      json: { product_id: world.product, action: "add" },
    });
    expect(favorite.body).toEqual({
      ok: true,
      data: { product_id: world.product, favorite: true },
      meta: {},
    });
    const favorites = await send("GET", "/api/v2/favorites", { token });
    expect((favorites.body as { data: { product_id: string }[] }).data.map((p) => p.product_id)).toEqual([
      world.product,
    ]);
  });

  it("a reseller buys and gifts from the balance; the outbox forwarder and the webhook sender deliver the payment webhook, and the mailer the gift e-mail (v2-purchases, v2-orders, v1-orders)", async () => {
    required(world.product || undefined, "the product");
    const token = world.v2;
    const hook = required(receiver, "the receiver");
    expect((await send("GET", "/api/v2/balance", { token })).body).toEqual({
      ok: true,
      data: { balance: 10000, currency: "RUB" },
      meta: {},
    });
    const bought = await send("POST", "/api/v2/buy", {
      token,
      json: { product_id: world.product, quantity: 1 },
    });
    expect(bought.status).toBe(201);
    world.resellerOrder = (bought.body as { data: { order_id: string } }).data.order_id;
    expect(bought.body).toMatchObject({
      data: { product_id: world.product, quantity: 1, total: 1500, h2h: 1 },
    });
    const gift = await send("POST", "/api/v2/gift", {
      token,
      json: { product_id: world.product, quantity: 1 },
    });
    expect(gift.status).toBe(201);
    const { order_id: giftOrder, gift_code: giftCode } = (
      gift.body as { data: { order_id: string; gift_code: string } }
    ).data;
    expect((await send("GET", "/api/v2/balance", { token })).body).toMatchObject({ data: { balance: 7000 } });

    const webhook = await until(
      "the payment webhook of the reseller's order",
      () => hook.calls.find((call) => call.body.id_order === world.resellerOrder),
      (call) => call !== undefined,
    );
    expect(webhook?.body).toMatchObject({
      id_order: world.resellerOrder,
      id_product: world.product,
      payment_status: "paid",
    });
    const delivery = String(webhook?.body.delivery_url);
    expect(delivery).toBe(`${stack.url}/api/v1/orders/delivery/${webhook?.body.token}`);

    const giftMail = await until(
      "the gift e-mail",
      () => stack.secretsAndMail.sentEmails.find((mail) => mail.subject.includes("gift")),
      (mail) => mail !== undefined,
    );
    expect(giftMail?.source).toBe("no-reply@example.com");
    expect(giftMail?.text).toContain(giftCode);
    expect(giftMail?.text).toContain(giftOrder);

    const history = await send("GET", "/api/v2/history", { token });
    expect((history.body as { data: { order_id: string }[] }).data.map((o) => o.order_id).sort()).toEqual(
      [world.resellerOrder, giftOrder].sort(),
    );
    const order = await send("GET", `/api/v2/order/${world.resellerOrder}`, { token });
    expect(order.body).toMatchObject({ ok: true, data: { order_id: world.resellerOrder, status: "paid" } });
  });

  it("buyer and seller talk in the order's chat and the buyer opens a dispute; both events reach the seller's receiver as opted in (v2-orders, v1-orders)", async () => {
    const order = required(world.resellerOrder || undefined, "the reseller's order");
    const hook = required(receiver, "the receiver");
    const detail = await send("GET", `/api/v2/order/${order}`, { token: world.v2 });
    const chat = String((detail.body as { data: { chat_id: string | number } }).data.chat_id);
    const asked = await send("POST", `/api/v2/chat/${chat}`, {
      token: world.v2,
      json: { message: "Does it work?" },
    });
    expect(asked.body).toMatchObject({ ok: true, data: { sent: true } });
    const seen = await send("GET", `/api/v1/orders/chat/${order}`, { token: world.v1 });
    expect((seen.body as { data: { message: string; type_user: string }[] }).data).toMatchObject([
      { type_user: "buyer", message: "Does it work?" },
    ]);
    const answered = await send("POST", `/api/v1/orders/chat/${order}`, {
      token: world.v1,
      json: { message: "It does." },
    });
    expect(answered.body).toMatchObject({ status: "success", data: { sent: true } });
    const dispute = await send("POST", "/api/v2/dispute", {
      token: world.v2,
      json: { order_id: order, action: "open", message: "It does not." },
    });
    expect(dispute.body).toEqual({
      ok: true,
      data: { order_id: order, dispute: true, status: "dispute" },
      meta: {},
    });
    const thread = await send("GET", `/api/v2/chat/${chat}`, { token: world.v2 });
    const messages = (thread.body as { data: { type_user: string; message: string }[] }).data;
    expect(messages.map(({ type_user, message }) => ({ type_user, message }))).toEqual([
      { type_user: "buyer", message: "Does it work?" },
      { type_user: "seller", message: "It does." },
      { type_user: "system", message: "Dispute opened by the buyer" },
      { type_user: "buyer", message: "It does not." },
    ]);
    // The seller opted into chat messages (the buyer's) and opened disputes: one event each.
    const expected = ["chat.message", "chat.message", "dispute.opened"];
    const types = await until(
      "the chat and dispute events at the receiver",
      () =>
        hook.calls.flatMap((call) => (call.body.type === undefined ? [] : [String(call.body.type)])).sort(),
      (seen) => seen.length >= expected.length,
    );
    expect(types).toEqual(expected);
    const deliveries = await until(
      "the event deliveries recorded",
      async () => (await send("GET", "/api/v1/seller/webhook-events/deliveries", { token: world.v1 })).body,
      (body) => ((body as { data?: unknown[] }).data ?? []).length >= expected.length,
    );
    expect(
      (deliveries as { data: { type: string; outcome: string }[] }).data
        .map(({ type, outcome }) => `${type} ${outcome}`)
        .sort(),
    ).toEqual(expected.map((type) => `${type} delivered`));
  });

  it("a storefront order is paid by the provider's signed callback; its webhook carries the delivery URL, the seller delivers through it and the mailer e-mails the buyer through SES (payments, v1-orders)", async () => {
    const hook = required(receiver, "the receiver");
    const created = await required(ops, "the ops runner").run<{ id_order: string; amount: number }>([
      "order",
      "create",
      "--product",
      world.product,
      "--quantity",
      "1",
      "--email",
      "buyer@example.com",
    ]);
    world.guestOrder = created.id_order;
    const callback = JSON.stringify({
      payment_id: `pay-${process.pid}`,
      order_id: created.id_order,
      status: "succeeded",
      payment_system: "card",
      amount: 1500,
      currency: "RUB",
    });
    const secret = Buffer.from(localSecret(stack.config, "payment-callback-secret"), "utf8");
    const paid = await send("POST", "/api/payments/callback", {
      headers: {
        "Content-Type": "application/json",
        "X-Payment-Signature": callbackSignature(secret, Buffer.from(callback)),
      },
      body: callback,
    });
    expect(paid.status).toBe(200);
    const webhook = await until(
      "the payment webhook of the storefront order",
      () => hook.calls.find((call) => call.body.id_order === created.id_order),
      (call) => call !== undefined,
    );
    const token = String(webhook?.body.token);
    expect(webhook?.body).toEqual({
      id_order: created.id_order,
      id_product: world.product,
      payment_status: "paid",
      signature: webhookSignature(required(world.seller, "the seller").api_key, created.id_order),
      delivery_url: `${stack.url}/api/v1/orders/delivery/${token}`,
      token,
    });
    const url = await send("GET", `/api/v1/orders/delivery-url/${created.id_order}`, { token: world.v1 });
    expect(url.body).toEqual({
      status: "success",
      data: {
        id_order: created.id_order,
        delivery_url: `${stack.url}/api/v1/orders/delivery/${token}`,
        token,
      },
    });
    const attempts = await send("GET", `/api/v1/orders/webhooks/${created.id_order}`, { token: world.v1 });
    expect((attempts.body as { data: unknown[] }).data).toMatchObject([
      { attempt: 1, target: new URL(hook.url).origin, outcome: "delivered", http_status: 200, error: null },
    ]);
    const list = await send("GET", "/api/v1/orders", { token: world.v1 });
    expect((list.body as { data: { id_order: string }[] }).data.map((o) => o.id_order)).toContain(
      created.id_order,
    );
    const info = await send("GET", `/api/v1/orders/info/${created.id_order}`, { token: world.v1 });
    expect(info.body).toMatchObject({ data: { id_order: created.id_order, status_order: "paid" } });
    const summary = await send("GET", "/api/v1/orders/summary", { token: world.v1 });
    expect(summary.body).toMatchObject({ status: "success", data: { waiting_payment: 0 } });

    const delivered = await send("POST", new URL(String(webhook?.body.delivery_url)).pathname, {
      token: world.v1,
      json: { text: "Your key: ARTIF-ACT01" },
    });
    expect(delivered.body).toEqual({
      status: "success",
      data: { message: "Product delivered", id_order: created.id_order, delivered: true },
    });
    const mail = await until(
      "the buyer's delivery e-mail",
      () => stack.secretsAndMail.sentEmails.find((sent) => sent.to.includes("buyer@example.com")),
      (sent) => sent !== undefined,
    );
    const expected = deliveryMessage({
      to: "buyer@example.com",
      orderId: created.id_order,
      productName: world.productName,
      text: "Your key: ARTIF-ACT01",
      download: "",
    });
    expect(mail).toEqual({
      source: "no-reply@example.com",
      to: [expected.to],
      subject: expected.subject,
      text: expected.text,
      html: expected.html,
    });
  });

  it("the seller delivers the reseller's order; the reseller reviews it, the operator approves, the seller answers, and the review is public until removed (v2-orders, v1-orders)", async () => {
    const order = required(world.resellerOrder || undefined, "the reseller's order");
    const hook = required(receiver, "the receiver");
    const webhook = hook.calls.find((call) => call.body.id_order === order);
    const delivered = await send("POST", new URL(String(webhook?.body.delivery_url)).pathname, {
      token: world.v1,
      json: { text: "Your key: ARTIF-ACT02" },
    });
    expect(delivered.body).toMatchObject({ status: "success", data: { delivered: true } });
    const posted = await send("POST", "/api/v2/reviews", {
      token: world.v2,
      json: { order_id: order, rating: 5, text: "Arrived at once." },
    });
    expect(posted.status).toBe(201);
    const review = (posted.body as { data: { review_id: string } }).data;
    expect(posted.body).toMatchObject({ ok: true, data: { product_id: world.product, status: "pending" } });
    const edited = await send("PUT", `/api/v2/reviews/${world.product}`, {
      token: world.v2,
      json: { rating: 4 },
    });
    expect(edited.body).toMatchObject({ ok: true, data: { rating: 4, status: "pending" } });
    expect((await send("GET", "/api/v2/reviews", { token: world.v2 })).body).toMatchObject({
      ok: true,
      data: [{ review_id: review.review_id, rating: 4 }],
    });
    await required(ops, "the ops runner").run(["review", "approve", review.review_id]);
    const listed = await send("GET", "/api/v1/reviews", { token: world.v1 });
    expect(listed.body).toMatchObject({
      status: "success",
      data: [{ review_id: review.review_id, status: "approved" }],
    });
    const answered = await send("POST", `/api/v1/reviews/${review.review_id}/answer`, {
      token: world.v1,
      json: { text: "Thank you!" },
    });
    expect(answered.body).toMatchObject({ status: "success", data: { answer: { text: "Thank you!" } } });
    // Newest first: the review, above the operator's comment of an earlier step (which counts in no rating).
    const comments = await send("GET", `/api/v2/comment/${world.product}`, { token: world.v2 });
    expect((comments.body as { data: unknown[] }).data[0]).toMatchObject({
      rating: 4,
      text: "Arrived at once.",
      answer: { text: "Thank you!" },
    });
    const product = await send("GET", `/api/v2/product/${world.product}`, { token: world.v2 });
    expect(product.body).toMatchObject({ data: { rating: 4, seller: { rating: 4 } } });
    const removed = await send("DELETE", `/api/v2/reviews/${world.product}`, { token: world.v2 });
    expect(removed.body).toEqual({ ok: true, data: { product_id: world.product, removed: true }, meta: {} });
    expect((await send("GET", `/api/v2/product/${world.product}`, { token: world.v2 })).body).toMatchObject({
      data: { rating: 0, seller: { rating: 0 } },
    });
  });

  it("the seller asks for a payout with an authenticator code (v1-payouts)", async () => {
    const seller = required(world.seller, "the seller");
    const cod = await generate({ secret: seller.totp_secret });
    const payout = await send("POST", "/api/v1/payout", {
      token: world.v1,
      json: { amount: 1000, payment_system: "card", wallet: "4111111111111111", cod },
    });
    expect(payout.body).toEqual({ status: "success", data: { id_order: expect.any(String) } });
    const history = await send("GET", "/api/v1/payout/history", { token: world.v1 });
    expect(history.body).toMatchObject({
      status: "success",
      data: [
        {
          id_order: (payout.body as { data: { id_order: string } }).data.id_order,
          type: "out",
          amount: 1000,
          status: "wait",
          payment_system: "card",
        },
      ],
    });
  });

  it("the scheduled maintenance bundle, given EventBridge's event, cancels an unpaid order past its hold", async () => {
    const schedule = required(assembly.schedules[0], "the template's schedule");
    // A hold of 6 ms: the order has lapsed by the time the schedule runs.
    const lapsed = await required(ops, "the ops runner").run<{ id_order: string }>(
      ["order", "create", "--product", world.product, "--quantity", "1", "--email", "late@example.com"],
      { UNPAID_ORDER_MINUTES: "0.0001" },
    );
    let expired = 0;
    await until(
      "the lapsed order canceled",
      async () => {
        expired += ((await stack.runSchedule(schedule)) as { expired_orders: number }).expired_orders;
        return (await send("GET", `/api/v1/orders/info/${lapsed.id_order}`, { token: world.v1 })).body;
      },
      (body) => (body as { data?: { status_order?: string } }).data?.status_order === "canceled",
    );
    expect(expired).toBe(1);
  });

  it("the reference bundle serves both OpenAPI documents and Redoc from the files synth copied into it (api-docs)", async () => {
    for (const version of ["v1", "v2"] as const) {
      const document = await send("GET", `/api/${version}/openapi.json`);
      expect(document.body).toEqual(JSON.parse(readFileSync(`docs/openapi/${version}.json`, "utf8")));
    }
    const page = await send("GET", "/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.text).toContain("redoc.standalone.js");
    const script = await send("GET", "/docs/redoc.standalone.js");
    expect(script.text).toBe(
      withoutThirdPartyRequests(readFileSync("node_modules/redoc/bundles/redoc.standalone.js", "utf8")),
    );
  });

  it("a message no worker can read goes at once to the dead-letter queue of its source queue, as the template names it to the worker (webhooks, mailer)", async () => {
    const sqs = new SQSClient({
      endpoint: localEndpoints(stack.config).fauxqs,
      region: LOCAL_REGION,
      credentials: localCredentials(stack.config),
    });
    // Every queue but the workers' own is a place a message may end up: each is read, so a message
    // that went astray is reported where it went, at once.
    const sources = new Set(assembly.queueSources.map((source) => source.queueId));
    const elsewhere = Object.entries(assembly.resources)
      .filter(([id, resource]) => resource.Type === "AWS::SQS::Queue" && !sources.has(id))
      .map(([id]) => id);
    const landed: { queue: string; body: string | undefined; reason: string | undefined }[] = [];
    const readAll = async () => {
      for (const queue of elsewhere) {
        const { Messages = [] } = await sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: stack.queueUrl(queue),
            MaxNumberOfMessages: 10,
            MessageAttributeNames: ["poison_reason"],
          }),
        );
        for (const message of Messages)
          landed.push({
            queue,
            body: message.Body,
            reason: message.MessageAttributes?.poison_reason?.StringValue,
          });
      }
      return landed;
    };
    try {
      for (const source of assembly.queueSources) {
        const redrive = assembly.resources[source.queueId]?.Properties?.RedrivePolicy;
        const deadLetter = required(referencedIds(redrive)[0], `${source.queueId}'s dead-letter queue`);
        const body = `not a job for ${source.functionId}`;
        await sqs.send(
          new SendMessageCommand({ QueueUrl: stack.queueUrl(source.queueId), MessageBody: body }),
        );
        const mine = (all: typeof landed) => all.filter((message) => message.body === body);
        const seen = await until(
          `${source.functionId}'s unreadable message in a queue`,
          readAll,
          (all) => mine(all).length > 0,
        );
        expect(mine(seen)).toEqual([{ queue: deadLetter, body, reason: "Message body is not JSON" }]);
      }
    } finally {
      sqs.destroy();
    }
  });

  it("every route of the route table reached the function the template integrates it with, and every function was invoked", () => {
    expect([...stack.invokedRoutes].filter((key) => !key.startsWith("ANY ")).sort()).toEqual(
      routes.map(routeKey).sort(),
    );
    const idle = [...stack.hosts.keys()].filter((id) => (stack.invocations.get(id) ?? 0) === 0);
    expect(idle).toEqual([]);
  });

  it("the functions read their secrets from Secrets Manager by the ARNs the template gives them", () => {
    const named = [...stack.environments.values()].flatMap((env) =>
      Object.entries(env).flatMap(([name, value]) => (name.endsWith("_SECRET_ARN") ? [value] : [])),
    );
    expect([...new Set(stack.secretsAndMail.secretReads)].sort()).toEqual([...new Set(named)].sort());
  });
});
