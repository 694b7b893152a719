import { appendFile, mkdir, readFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { Mailer, MailMessage } from "./mail-message.js";

/** A mailer that appends each message as a JSON line to a file: the local stand-in for SES. */
export const createFileOutboxMailer =
  (file: string): Mailer =>
  async (message) => {
    await mkdir(dirname(file), { recursive: true });
    await appendFile(file, `${JSON.stringify({ ...message, sent_at: new Date().toISOString() })}\n`);
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
