import { describe, expect, it } from "vitest";
import { tokenFor } from "../../support/accounts.js";
import { freePort } from "../../support/free-port.js";
import { runOps } from "../../support/ops-cli.js";

const json = (stdout: string): Record<string, unknown> => JSON.parse(stdout) as Record<string, unknown>;

describe("ops CLI", () => {
  it("account create prints the new seller's id, API key and authenticator setup, and the key works", async () => {
    const result = await runOps(["account", "create", "--name", "Demo Store", "--email", "demo@example.com"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const account = json(result.stdout);
    expect(Object.keys(account).sort()).toEqual(["api_key", "otpauth_url", "seller_id", "totp_secret"]);
    expect(Number.isInteger(account.seller_id)).toBe(true);
    expect(String(account.totp_secret)).toMatch(/^[A-Z2-7]+=*$/);
    expect(String(account.otpauth_url)).toContain(`secret=${account.totp_secret}`);
    expect(await tokenFor(String(account.api_key), "v1")).toMatch(/^ey/);
    expect(await tokenFor(String(account.api_key), "v2")).toMatch(/^ey/);
  });

  it("refuses missing, unknown and invalid arguments with one line and exit code 2", async () => {
    const cases: [string[], string][] = [
      [["account", "create", "--name", "Demo Store"], "--email is required\n"],
      [
        ["account", "create", "--name", "Demo Store", "--email", "x@example.com", "--vip"],
        "Unknown option '--vip'",
      ],
      [
        ["account", "create", "--name", "Demo Store", "--email", "nope"],
        "email must be a valid e-mail address\n",
      ],
      [
        ["category", "create", "--id", "abc", "--name", "N", "--slug", "n"],
        '--id must be a positive integer, got "abc"\n',
      ],
      [
        ["account", "create", "extra", "--name", "Demo Store", "--email", "x@example.com"],
        'unexpected argument "extra"\n',
      ],
    ];
    for (const [args, message] of cases) {
      const result = await runOps(args);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toContain(message);
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
    }
  });

  it("names an unknown command, lists the commands and exits 2", async () => {
    const result = await runOps(["account", "destroy"]);
    expect(result.code).toBe(2);
    expect(result.stderr.split("\n")[0]).toBe('unknown command "account destroy"');
    expect(result.stderr).toContain("account create --name <store> --email <email>");
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
    // Seeding again keeps the categories and adds new accounts.
    const second = await runOps(["seed-demo"]);
    expect(second.code).toBe(0);
    expect((json(second.stdout).categories as unknown[]).length).toBe(4);
  });

  it("says the local stack is not running when DynamoDB Local cannot be reached", async () => {
    const port = String(await freePort());
    const result = await runOps(["category", "create", "--id", "5", "--name", "N", "--slug", "n"], {
      DYNAMODB_LOCAL_PORT: port,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `cannot reach DynamoDB Local at http://127.0.0.1:${port}; is \`npm start\` running?\n`,
    );
  });
});
