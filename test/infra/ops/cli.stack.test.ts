import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { commands } from "../../../infra/ops/commands.js";
import { newId } from "../../../shared/ids/ids.js";
import { orderService } from "../../../shared/runtime/dependencies.js";
import { tokenFor } from "../../support/accounts.js";
import { freePort } from "../../support/free-port.js";
import { request } from "../../support/http.js";
import { runOps, spawnOps, usageError } from "../../support/ops-cli.js";
import { sellerWithProduct, stores } from "../../support/orders.js";
import { jsonHeaders } from "../../support/products.js";
import { eventually, startReceiver } from "../../support/receiver.js";

const json = (stdout: string): Record<string, unknown> => JSON.parse(stdout) as Record<string, unknown>;

const stateDir = mkdtempSync(join(tmpdir(), "marketplace-ops-"));
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

describe("ops CLI", () => {
  it("account create prints the new seller's id, API key and authenticator setup, and the key works", async () => {
    // The real entry, as an operator runs it: exit code, and nothing but the JSON on stdout.
    const result = await spawnOps([
      "account",
      "create",
      "--name",
      "Demo Store",
      "--email",
      "demo@example.com",
    ]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const account = json(result.stdout);
    expect(Object.keys(account).sort()).toEqual([
      "api_key",
      "otpauth_url",
      "seller_id",
      "totp_secret",
      "webhook_secret",
    ]);
    expect(Number.isInteger(account.seller_id)).toBe(true);
    expect(String(account.totp_secret)).toMatch(/^[A-Z2-7]+=*$/);
    expect(String(account.otpauth_url)).toContain(`secret=${account.totp_secret}`);
    expect(await tokenFor(String(account.api_key), "v1")).toMatch(/^ey/);
    expect(await tokenFor(String(account.api_key), "v2")).toMatch(/^ey/);
  });

  it("refuses missing, unknown and invalid arguments with one line naming the flag and the usage, exit 2", async () => {
    const create = "account create --name <store> --email <email>";
    const cases: [string[], string][] = [
      [["account", "create", "--name", "Demo Store"], usageError("--email is required", create)],
      [
        ["account", "create", "--name", "Demo Store", "--email", "x@example.com", "--vip"],
        usageError("unknown option --vip", create),
      ],
      [["account", "create", "--email", "x@example.com", "-v"], usageError("unknown option -v", create)],
      [
        ["account", "create", "--email", "x@example.com", "--name"],
        usageError("--name needs a value", create),
      ],
      [
        ["account", "create", "--name", "Demo Store", "--email", "nope"],
        usageError("email must be a valid e-mail address", create),
      ],
      [
        ["category", "create", "--id", "abc", "--name", "N", "--slug", "n"],
        usageError(
          '--id must be a positive integer, got "abc"',
          "category create --id <int> --name <name> --slug <slug>",
        ),
      ],
      [
        ["account", "create", "extra", "--name", "Demo Store", "--email", "x@example.com"],
        usageError('unexpected argument "extra"', create),
      ],
    ];
    for (const [args, message] of cases) {
      const result = await runOps(args);
      expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }, args.join(" ")).toEqual({
        code: 2,
        stdout: "",
        stderr: message,
      });
    }
  });

  it("names an unknown command, lists the commands and exits 2", async () => {
    const result = await runOps(["account", "destroy"]);
    expect(result.code).toBe(2);
    expect(result.stderr.split("\n")[0]).toBe('unknown command "account destroy"');
    expect(result.stderr).toContain("\n  account create ");
    expect(result.stdout).toBe("");
  });

  it.each([["--help"], ["-h"], ["help"]])(
    "%s prints every command on a line of its own and exits 0",
    async (flag) => {
      const result = await runOps([flag]);
      expect(result.code).toBe(0);
      expect(result.stderr).toBe("");
      const lines = result.stdout.split("\n");
      expect(lines[0]).toBe("usage: npm run -s ops -- <command> [arguments]");
      for (const [name, command] of Object.entries(commands)) {
        expect(
          lines.filter((line) => line.startsWith(`  ${name} `)),
          name,
        ).toEqual([
          expect.stringMatching(
            new RegExp(`^  ${name} +${command.summary.replace(/[(){}|[\]^$.*+?\\]/g, "\\$&")}$`),
          ),
        ]);
      }
    },
  );

  it("`<command> --help`, `-h` and `help <command>` print that command's usage and what it does, exit 0", async () => {
    const expected = [
      "usage: npm run -s ops -- order pay <id_order> [--payment-system <name>]",
      "",
      "confirm an order's payment as the operator (default manual): paid, the webhook goes out",
      "A canceled order is paid late when its stock can still be taken; otherwise the payment is",
      'recorded for refund and printed as {id_order, status_order, refund_status: "due"}.',
      "",
    ].join("\n");
    for (const args of [
      ["order", "pay", "--help"],
      ["order", "pay", "01ABC", "-h"],
      ["help", "order", "pay"],
    ]) {
      const result = await runOps(args);
      expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }, args.join(" ")).toEqual({
        code: 0,
        stdout: expected,
        stderr: "",
      });
    }
    const group = await runOps(["payout", "--help"]);
    expect(group.code).toBe(0);
    expect(group.stdout.split("\n").filter((line) => line.startsWith("  "))).toEqual([
      expect.stringMatching(/^ {2}payout list {6}payout requests/),
      expect.stringMatching(/^ {2}payout complete {2}mark a waiting payout paid$/),
      expect.stringMatching(/^ {2}payout reject {4}reject a waiting payout/),
    ]);
  });

  it("category create prints the category and refuses a taken id with exit code 1", async () => {
    const id = String(900_000 + Math.floor(Math.random() * 90_000));
    const created = await runOps([
      "category",
      "create",
      "--id",
      id,
      "--name",
      "Game keys",
      "--slug",
      "game-keys",
    ]);
    expect(created.code).toBe(0);
    expect(json(created.stdout)).toEqual({
      id: Number(id),
      name: "Game keys",
      slug: "game-keys",
      status: "active",
    });
    const again = await runOps(["category", "create", "--id", id, "--name", "Other", "--slug", "other"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`Category ${id} already exists\n`);
  });

  it("seed-demo prints demo categories including a 700 one, a seller and a reseller whose keys work", async () => {
    const first = await runOps(["seed-demo"]);
    expect(first.code).toBe(0);
    const seeded = json(first.stdout) as {
      categories: { id: number }[];
      seller: { api_key: string; seller_id: number };
      reseller: { api_key: string; seller_id: number };
    };
    expect(seeded.categories.map((c) => c.id)).toEqual([101, 102, 103, 7001]);
    expect(seeded.seller.seller_id).not.toBe(seeded.reseller.seller_id);
    await tokenFor(seeded.seller.api_key, "v1");
    await tokenFor(seeded.reseller.api_key, "v2");
  });

  it("seed-demo run again creates nothing and prints the same categories, accounts, keys and authenticator setup", async () => {
    const first = await runOps(["seed-demo"]);
    const second = await runOps(["seed-demo"]);
    expect(first.code).toBe(0);
    expect(second).toEqual({ code: 0, stdout: first.stdout, stderr: "" });
    const seeded = json(second.stdout) as { seller: { totp_secret: string; otpauth_url: string } };
    expect(seeded.seller.otpauth_url).toBe(
      `otpauth://totp/Marketplace:Demo%20Seller%20(seller%40example.com)?secret=${seeded.seller.totp_secret}&issuer=Marketplace`,
    );
  });

  it("an unknown order, product or seller id exits 1 with a message naming it", async () => {
    const unknownOrder = newId();
    const cases: [string[], string][] = [
      [["webhook", "list", "NOPE"], "Order NOPE not found\n"],
      [["webhook", "list", unknownOrder], `Order ${unknownOrder} not found\n`],
      [["webhook", "redrive", unknownOrder], `Order ${unknownOrder} not found\n`],
      [["order", "pay", unknownOrder], `Order ${unknownOrder} not found\n`],
      [["product", "approve", "NOPE"], "Product NOPE not found\n"],
      [["product", "index-lists", "--seller", "987654321"], "Seller 987654321 not found\n"],
      [["balance", "credit", "987654321", "5"], "Seller 987654321 not found\n"],
    ];
    for (const [args, stderr] of cases) {
      const result = await runOps(args);
      expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }, args.join(" ")).toEqual({
        code: 1,
        stdout: "",
        stderr,
      });
    }
  });

  it("payment sign prints a callback signed as the provider signs it, carrying the order's amount in RUB, whose curl confirms the order", async () => {
    // A receiver that takes the payment webhook, so the stack's worker has nothing to retry or log.
    const receiver = await startReceiver(() => 200);
    onTestFinished(() => receiver.close());
    const { productId, token } = await sellerWithProduct();
    const update = await request("POST", `/api/v1/products/update/${productId}`, {
      headers: jsonHeaders(token),
      body: JSON.stringify({ api_url: receiver.url }),
    });
    expect(update.status).toBe(200);
    receiver.namedBy({ product: productId });
    const order = await orderService().createGuestOrder({
      product_id: productId,
      quantity: 1,
      email: "b@example.com",
    });
    const result = await runOps(["payment", "sign", "--order", order.id_order]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const signed = json(result.stdout) as { url: string; body: string; signature: string; curl: string };
    const body = `{"payment_id":"local-${order.id_order}","order_id":"${order.id_order}","status":"succeeded","payment_system":"card","amount":${order.amount},"currency":"RUB"}`;
    expect(signed.body).toBe(body);
    expect(signed.url).toBe(`${process.env.PUBLIC_BASE_URL}/api/payments/callback`);
    expect(signed.signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(signed.curl).toBe(
      `curl -s -X POST -H 'Content-Type: application/json' -H 'X-Payment-Signature: ${signed.signature}' --data-raw '${body}' '${signed.url}'`,
    );
    const { stdout } = await promisify(execFile)("sh", ["-c", signed.curl]);
    expect(JSON.parse(stdout)).toEqual({
      ok: true,
      data: { order_id: order.id_order, applied: true, status_order: "paid" },
      meta: {},
    });
    expect((await stores().orders.get(order.id_order))?.status).toBe("paid");
    await eventually(
      async () => receiver.calls.length,
      (n) => n === 1,
    );
  });

  it("names the variables it used when DynamoDB Local cannot be reached", async () => {
    const port = String(await freePort());
    // Its own process: this one's clients stay pointed at the stack under test.
    const result = await spawnOps(["category", "create", "--id", "5", "--name", "N", "--slug", "n"], {
      DYNAMODB_LOCAL_PORT: port,
      FAUXQS_PORT: "4599",
      PORT: "",
      LOCAL_STATE_DIR: stateDir,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `cannot reach DynamoDB Local at http://127.0.0.1:${port}; is \`npm start\` running with the same settings? ` +
        `The CLI used DYNAMODB_LOCAL_PORT=${port}, FAUXQS_PORT=4599, PORT unset (3000), LOCAL_STATE_DIR=${stateDir}\n`,
    );
  });
});
