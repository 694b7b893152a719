import { readFileSync } from "node:fs";

/**
 * A project that uses the packed `@marketplace/client` from outside the repository: its files, written
 * into a scratch folder by test/client/package.stack.test.ts. The consumer's source is a string because
 * the repository's own typecheck cannot resolve the package; the scratch project's tsc checks it.
 */

/** The scratch project's package.json: ESM, like the package. */
export const CONSUMER_PACKAGE = { name: "marketplace-client-consumer", private: true, type: "module" };

/**
 * Strict, with declaration files checked too (skipLibCheck off), so the package's types are held to what
 * a careful consumer compiles with. Node's types come from the repository's @types/node, as the compiler
 * does: the scratch project installs nothing but the tarball.
 */
export const consumerTsconfig = (files: readonly string[], nodeTypesRoot: string) => ({
  compilerOptions: {
    target: "ES2023",
    lib: ["ES2023"],
    module: "NodeNext",
    moduleResolution: "NodeNext",
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    skipLibCheck: false,
    types: ["node"],
    typeRoots: [nodeTypesRoot],
    outDir: "out",
  },
  files,
});

/**
 * The consumer: a receiver on a loopback port, then through the client the seller's profile read, its
 * api_url pointed at the receiver and a test webhook sent; the webhook is checked with the package's
 * helpers against every secret in WEBHOOK_SECRETS (current first) and a few that must fail. Prints one
 * JSON line of what it saw. The unknown route in it must not compile: types that decayed to `any` would
 * leave the directive unused, which fails the typecheck.
 */
export const CONSUMER_SOURCE = `import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createMarketplaceClient,
  MarketplaceClientError,
  type StandardWebhookVerdict,
  verifyPaymentSignature,
  verifyStandardWebhook,
} from "@marketplace/client";

// The service to call, read explicitly: BASE_URL, or the local stack.
const baseUrl = process.env.BASE_URL ?? "http://127.0.0.1:3000";
const apiKey = process.env.API_KEY ?? "";
const [current = "", previous = ""] = (process.env.WEBHOOK_SECRETS ?? "").split(" ");

interface Delivery {
  readonly raw: Buffer;
  readonly headers: IncomingHttpHeaders;
}
let deliver: (delivery: Delivery) => void = () => undefined;
const delivered = new Promise<Delivery>((resolve) => {
  deliver = resolve;
});
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => {
    chunks.push(chunk);
  });
  req.on("end", () => {
    res.writeHead(204).end();
    deliver({ raw: Buffer.concat(chunks), headers: req.headers });
  });
});
await new Promise<void>((resolve) => {
  receiver.listen(0, "127.0.0.1", resolve);
});
const hookUrl = \`http://127.0.0.1:\${(receiver.address() as AddressInfo).port}/hook\`;

try {
  const client = createMarketplaceClient({ baseUrl, apiKey });
  // @ts-expect-error: not a route of the v1 API (never called: it only has to fail to compile)
  const unknownRoute = () => client.v1.call("GET /no-such-route");
  const seller = await client.v1.call("GET /seller");
  const profile = await client.v1.call("POST /seller/profile", { body: { api_url: hookUrl } });
  const sent = await client.v1.call("POST /seller/webhook-test");
  if (!seller.ok || !profile.ok || !sent.ok) throw new Error("a call was refused");
  const outcome: "delivered" | "failed" | "refused" = sent.data.outcome;
  if (outcome !== "delivered") throw new Error(\`the test webhook was \${outcome}: \${sent.data.error}\`);
  const { raw, headers } = await delivered;
  const hook = JSON.parse(raw.toString("utf8")) as { id_order?: string; signature?: string };
  const check = (secret: string, body: Buffer | string = raw, now?: Date): StandardWebhookVerdict =>
    verifyStandardWebhook(secret, body, headers, now === undefined ? {} : { now });
  console.log(
    JSON.stringify({
      seller: seller.data.name,
      apiUrlSet: profile.data.api_url === hookUrl,
      webhookTest: { id_order: sent.data.id_order, outcome, http_status: sent.data.http_status },
      webhookId: headers["webhook-id"],
      webhookTimestamp: headers["webhook-timestamp"],
      signatures: String(headers["webhook-signature"]).split(" ").length,
      standard: {
        current: check(current),
        previous: check(previous),
        another: check(\`whsec_\${randomBytes(24).toString("base64")}\`),
        changedBody: check(current, \`\${raw.toString("utf8")} \`),
        dayLater: check(current, raw, new Date(Date.now() + 86_400_000)),
      },
      payment: {
        apiKey: verifyPaymentSignature(apiKey, hook),
        anotherKey: verifyPaymentSignature(\`\${apiKey}x\`, hook),
      },
    }),
  );
} catch (error) {
  console.error(error instanceof MarketplaceClientError ? \`\${error.status} \${error.message}\` : error);
  process.exitCode = 1;
} finally {
  receiver.closeAllConnections();
  receiver.close();
}
`;

/**
 * The TypeScript blocks of a Markdown file that import the package: the README's and the package README's
 * examples, which the scratch project compiles beside the consumer so they cannot drift from the types.
 */
export const packageExampleBlocks = (markdownPath: string): string[] =>
  [...readFileSync(markdownPath, "utf8").matchAll(/^```ts\n([\s\S]*?)^```$/gm)]
    .map((block) => block[1] ?? "")
    .filter((code) => code.includes('from "@marketplace/client"'));
