/** An e-mail ready to send. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** Anything that sends e-mail: SES in AWS, a local outbox file on a developer's machine. */
export type Mailer = (message: MailMessage) => Promise<void>;

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** The buyer's delivery e-mail: the seller's text and download link, escaped wherever HTML is involved. */
export const deliveryMessage = (input: {
  to: string;
  orderId: string;
  productName: string;
  text: string;
  download: string;
}): MailMessage => {
  const subject = `Your order ${input.orderId}: ${input.productName}`.replace(/[\r\n]+/g, " ");
  const lines = [
    `Thank you for your purchase of ${input.productName}.`,
    "",
    "Your product:",
    input.text,
    ...(input.download ? ["", `Download: ${input.download}`] : []),
    "",
    `Order ${input.orderId}`,
  ];
  const html = [
    `<p>Thank you for your purchase of ${escapeHtml(input.productName)}.</p>`,
    `<p>Your product:</p><pre>${escapeHtml(input.text)}</pre>`,
    ...(input.download
      ? [`<p>Download: <a href="${escapeHtml(input.download)}">${escapeHtml(input.download)}</a></p>`]
      : []),
    `<p>Order ${escapeHtml(input.orderId)}</p>`,
  ].join("\n");
  return { to: input.to, subject, text: lines.join("\n"), html };
};

/** The buyer's gift e-mail: the code that was bought, for them to pass on. */
export const giftMessage = (input: {
  to: string;
  orderId: string;
  productName: string;
  code: string;
}): MailMessage => {
  const subject = `Your gift code for ${input.productName}`.replace(/[\r\n]+/g, " ");
  const lines = [
    `You bought ${input.productName} as a gift.`,
    "",
    `Gift code: ${input.code}`,
    "",
    `Order ${input.orderId}`,
  ];
  const html = [
    `<p>You bought ${escapeHtml(input.productName)} as a gift.</p>`,
    `<p>Gift code: <code>${escapeHtml(input.code)}</code></p>`,
    `<p>Order ${escapeHtml(input.orderId)}</p>`,
  ].join("\n");
  return { to: input.to, subject, text: lines.join("\n"), html };
};
