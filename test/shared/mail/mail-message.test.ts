import { describe, expect, it } from "vitest";
import { deliveryMessage } from "../../../shared/mail/mail-message.js";

const hostile = {
  to: "buyer@example.com",
  orderId: "700001",
  productName: `Tom & Jerry's <b>"Deluxe"</b>`,
  text: `KEY-<AAAA>&"x"'y'`,
  download: `https://files.example/get?a=1&b="2"'<x>`,
};

describe("the buyer's delivery e-mail", () => {
  it("escapes &, <, >, \" and ' of the product name, text and download link in the HTML", () => {
    const { html } = deliveryMessage(hostile);
    expect(html).toBe(
      [
        "<p>Thank you for your purchase of Tom &amp; Jerry&#39;s &lt;b&gt;&quot;Deluxe&quot;&lt;/b&gt;.</p>",
        "<p>Your product:</p><pre>KEY-&lt;AAAA&gt;&amp;&quot;x&quot;&#39;y&#39;</pre>",
        '<p>Download: <a href="https://files.example/get?a=1&amp;b=&quot;2&quot;&#39;&lt;x&gt;">' +
          "https://files.example/get?a=1&amp;b=&quot;2&quot;&#39;&lt;x&gt;</a></p>",
        "<p>Order 700001</p>",
      ].join("\n"),
    );
    expect(html).not.toContain("<AAAA>");
    expect(html).not.toContain("<b>");
    expect(html).not.toContain("<x>");
  });

  it("keeps the seller's raw text and link in the plain-text part", () => {
    const { text, to } = deliveryMessage(hostile);
    expect(to).toBe("buyer@example.com");
    expect(text).toBe(
      [
        `Thank you for your purchase of Tom & Jerry's <b>"Deluxe"</b>.`,
        "",
        "Your product:",
        `KEY-<AAAA>&"x"'y'`,
        "",
        `Download: https://files.example/get?a=1&b="2"'<x>`,
        "",
        "Order 700001",
      ].join("\n"),
    );
  });

  it("has a subject without line breaks even when the product name carries \\r\\n", () => {
    const { subject } = deliveryMessage({ ...hostile, productName: "Game\r\nBcc: victim@example.com\nX\rY" });
    expect(subject).toBe("Your order 700001: Game Bcc: victim@example.com X Y");
    expect(subject).not.toMatch(/[\r\n]/);
  });

  it("has no Download line in either part without a download link", () => {
    const message = deliveryMessage({ ...hostile, download: "" });
    expect(message.text).not.toContain("Download:");
    expect(message.html).not.toContain("Download:");
    expect(message.text).toBe(
      [
        `Thank you for your purchase of Tom & Jerry's <b>"Deluxe"</b>.`,
        "",
        "Your product:",
        `KEY-<AAAA>&"x"'y'`,
        "",
        "Order 700001",
      ].join("\n"),
    );
  });
});
