/**
 * Thrown by the client only when there is no answer to return: the request never got one (network
 * failure: `status` undefined, the fetch error as `cause`), the service failed (5xx), or a 2xx answer
 * was not the version's envelope. Every 4xx is a value instead (`{ ok: false, status, error }`).
 */
export class MarketplaceClientError extends Error {
  override readonly name = "MarketplaceClientError";
  /** The HTTP status, when an answer came. */
  readonly status: number | undefined;
  /** The `x-request-id` of the answer, to quote to the operator. */
  readonly requestId: string | undefined;
  /** The answer's body, parsed as JSON when it was JSON. */
  readonly body: unknown;

  constructor(
    message: string,
    details: { status?: number; requestId?: string | undefined; body?: unknown; cause?: unknown },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = details.status;
    this.requestId = details.requestId;
    this.body = details.body;
  }
}
