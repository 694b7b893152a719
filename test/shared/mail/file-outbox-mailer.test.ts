import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createFileOutboxMailer, readFileOutbox } from "../../../shared/mail/file-outbox-mailer.js";

const scratch = mkdtempSync(join(tmpdir(), "outbox-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const permissions = (path: string) => statSync(path).mode & 0o777;
const message = { to: "buyer@example.com", subject: "Your key", text: "KEY-1234", html: "<p>KEY-1234</p>" };

describe("file outbox mailer", () => {
  it("creates the outbox readable by its owner alone (file 0600, new folder 0700): it holds delivered keys", async () => {
    const file = join(scratch, "fresh", "mail-outbox.jsonl");
    await createFileOutboxMailer(file)(message);
    expect(permissions(file)).toBe(0o600);
    expect(permissions(join(scratch, "fresh"))).toBe(0o700);
    expect((await readFileOutbox(file)).map((m) => m.text)).toEqual(["KEY-1234"]);
  });

  it("tightens an outbox an older version left readable to everyone", async () => {
    const file = join(scratch, "old-outbox.jsonl");
    writeFileSync(file, "");
    chmodSync(file, 0o644);
    await createFileOutboxMailer(file)(message);
    expect(permissions(file)).toBe(0o600);
  });
});
