import type { MetricsSink } from "../observability/metrics-sink.js";
import type { WebhookCallResult } from "./webhook-client.js";

/** Sends one webhook request. */
export type WebhookPost = (
  url: string,
  body: string,
  headers: Record<string, string>,
) => Promise<WebhookCallResult>;

/**
 * The same sender, counting every request (WebhookAttempts) and every one that got no 2xx in time
 * (WebhookFailures): the webhook failure-rate alarm divides the two.
 */
export const countedPost =
  (post: WebhookPost, metrics: MetricsSink): WebhookPost =>
  async (url, body, headers) => {
    const result = await post(url, body, headers);
    metrics.count("webhookAttempts");
    if ("error" in result || result.status < 200 || result.status >= 300) metrics.count("webhookFailures");
    return result;
  };
