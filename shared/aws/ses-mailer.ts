import { SESClient, SendEmailCommand } from "@aws-sdk/client-ses";
import type { Mailer } from "../mail/mail-message.js";
import { instrumented } from "./instrumented-client.js";

/** Sends e-mail through SES from a verified identity. */
export const createSesMailer =
  (source: string, client = instrumented(new SESClient({}))): Mailer =>
  async (message) => {
    await client.send(
      new SendEmailCommand({
        Source: source,
        Destination: { ToAddresses: [message.to] },
        Message: {
          Subject: { Data: message.subject, Charset: "UTF-8" },
          Body: {
            Text: { Data: message.text, Charset: "UTF-8" },
            Html: { Data: message.html, Charset: "UTF-8" },
          },
        },
      }),
    );
  };
