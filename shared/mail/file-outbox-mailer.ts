import { appendFile, chmod, mkdir, readFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { Mailer, MailMessage } from "./mail-message.js";

/**
 * A mailer that appends each message as a JSON line to a file: the local stand-in for SES. The lines
 * hold delivered keys in plain text, so the file is the owner's alone (0600, in a folder made 0700),
 * also when an older version left it readable to everyone.
 */
export const createFileOutboxMailer =
  (file: string): Mailer =>
  async (message) => {
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    await appendFile(file, `${JSON.stringify({ ...message, sent_at: new Date().toISOString() })}\n`, {
      mode: 0o600,
    });
    await chmod(file, 0o600);
  };

/** The messages in a local outbox file, oldest first; optionally only those to one address. */
export const readFileOutbox = async (file: string, to?: string): Promise<MailMessage[]> => {
  let content = "";
  try {
    content = await readFile(file, "utf8");
  } catch {
    return [];
  }
  return content
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as MailMessage)
    .filter((message) => to === undefined || message.to.toLowerCase() === to.toLowerCase());
};
