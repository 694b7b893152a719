import { createSesMailer } from "../aws/ses-mailer.js";
import { optionalEnv, requireEnv } from "../config/environment.js";
import { createFileOutboxMailer } from "../mail/file-outbox-mailer.js";
import type { Mailer } from "../mail/mail-message.js";
import { createMailService } from "../mail/mail-service.js";
import { systemClock } from "../time/clock.js";
import { orderCodes } from "./key-stock.js";
import { orderStore } from "./order-store.js";
import { productStore } from "./product-store.js";

let mailer: Mailer | undefined;
/** SES in AWS (SENDER_ADDRESS); the local outbox file when MAIL_OUTBOX_FILE is set. */
const configuredMailer = (): Mailer => {
  const outbox = optionalEnv("MAIL_OUTBOX_FILE");
  mailer ??= outbox ? createFileOutboxMailer(outbox) : createSesMailer(requireEnv("SENDER_ADDRESS"));
  return mailer;
};

/** Buyer e-mail (the one root importing SES). */
export const mailService = () => {
  return createMailService({
    orders: orderStore(),
    products: productStore(),
    mailer: configuredMailer(),
    orderCodes: orderCodes(),
    now: systemClock,
  });
};
