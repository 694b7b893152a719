/**
 * The README's webhook receiver (the spec's receiver rules 1–5, and the Standard Webhooks signature), on
 * Node's own HTTP server. The README shows this file from its first import; a test checks the two agree
 * and runs it against a service.
 *
 *   API_KEY=mk_… WEBHOOK_SECRET=whsec_… node --import tsx examples/webhook-receiver.ts
 *   (BASE_URL: the local stack; PORT: 9999)
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";

const API_KEY = process.env.API_KEY ?? ""; // your seller API key
const WEBHOOK_SECRET = process.env.WEBHOOK_SECRET ?? ""; // your whsec_… signing secret ("" : spec signature only)
const BASE = `${process.env.BASE_URL ?? "http://127.0.0.1:3000"}/api/v1`; // the service's v1 root
const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");
const same = (a: string, b: string) =>
  Buffer.byteLength(a) === Buffer.byteLength(b) && timingSafeEqual(Buffer.from(a), Buffer.from(b));

// Standard Webhooks: HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" under the secret's base64
// part, sent as "v1,<base64>" (two entries while a rotated secret still signs). A time more than five
// minutes off is a replay. (The standardwebhooks npm package does the same: new Webhook(secret).verify.)
const signedByUs = (headers: IncomingHttpHeaders, body: string): boolean => {
  const id = String(headers["webhook-id"] ?? "");
  const at = String(headers["webhook-timestamp"] ?? "");
  if (!/^\d+$/.test(at) || Math.abs(Date.now() / 1000 - Number(at)) > 5 * 60) return false;
  const key = Buffer.from(WEBHOOK_SECRET.replace(/^whsec_/, ""), "base64");
  const expected = `v1,${createHmac("sha256", key).update(`${id}.${at}.${body}`).digest("base64")}`;
  return String(headers["webhook-signature"] ?? "")
    .split(" ")
    .some((entry) => same(entry, expected));
};

// One token for its whole life: exchanged on first use and again a minute before it expires (or after
// a 401), never per webhook; webhooks that arrive together share one exchange.
let held: { token: string; renewAt: number } | undefined;
let exchanging: Promise<string> | undefined;
const exchange = async () => {
  const r = await fetch(`${BASE}/auth/api-key/create`, { method: "POST", headers: { "X-API-KEY": API_KEY } });
  if (!r.ok) throw new Error(`token ${r.status}`);
  const answer = (await r.json()) as { data: { access_token: string; expires_in: number } };
  const { access_token, expires_in } = answer.data;
  held = { token: access_token, renewAt: Date.now() + (expires_in - 60) * 1000 };
  return access_token;
};
const token = (): Promise<string> => {
  if (held && Date.now() < held.renewAt) return Promise.resolve(held.token);
  exchanging ??= exchange().finally(() => {
    exchanging = undefined;
  });
  return exchanging;
};

createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString("utf8"); // whole, so a character split between chunks stays whole
  if (WEBHOOK_SECRET && !signedByUs(req.headers, raw)) return res.writeHead(403).end("Invalid signature");
  let hook: { type?: string; data?: unknown; id_order?: string; signature?: string; delivery_url?: string };
  try {
    hook = JSON.parse(raw);
  } catch {
    return res.writeHead(400).end("Malformed payload"); // rule 4
  }
  if (hook.type) {
    // An event you opted into (POST /api/v1/seller/webhook-events): {type, timestamp, data}. The same
    // webhook-id may come twice (a retry whose answer was lost): act on each id once.
    console.log(`event ${req.headers["webhook-id"]}: ${hook.type} ${JSON.stringify(hook.data)}`);
    return res.writeHead(200).end("ok");
  }
  if (!same(sha1(sha1(API_KEY) + (hook.id_order ?? "")), String(hook.signature ?? ""))) {
    return res.writeHead(403).end("Invalid signature"); // rule 1
  }
  if (!hook.delivery_url) return res.writeHead(400).end("Missing delivery_url");
  try {
    const bearer = { Authorization: `Bearer ${await token()}` };
    const order = await fetch(`${BASE}/orders/info/${hook.id_order}`, { headers: bearer }); // rule 2
    if (order.status === 401) held = undefined; // revoked: exchange anew next time
    if (!order.ok) throw new Error(`order ${order.status}`);
    const key = `KEY-${crypto.randomUUID()}`; // rule 3: make the product
    const delivered = await fetch(hook.delivery_url, {
      method: "POST",
      headers: { ...bearer, "Content-Type": "application/json" },
      body: JSON.stringify({ text: key, download: false }),
    });
    if (!delivered.ok && delivered.status !== 409) throw new Error(`delivery ${delivered.status}`);
    res.writeHead(200).end("ok");
  } catch {
    res.writeHead(500).end("Product generation failed"); // rule 5: we retry later
  }
}).listen(Number(process.env.PORT ?? 9999), "127.0.0.1");
