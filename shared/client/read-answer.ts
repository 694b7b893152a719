import { MarketplaceClientError } from "./client-error.js";
import type { ClientVersion, ErrorEnvelope } from "./operation-types.js";
import type { RawAnswer } from "./send-request.js";

/** An answer as a value: a 2xx's `data` (and v2 `meta`), or a 4xx's error envelope. */
export type AnswerValue<V extends ClientVersion> =
  | {
      ok: true;
      status: number;
      requestId: string | undefined;
      headers: Headers;
      data: unknown;
      meta?: unknown;
    }
  | { ok: false; status: number; requestId: string | undefined; headers: Headers; error: ErrorEnvelope<V> };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isErrorEnvelope = <V extends ClientVersion>(version: V, body: unknown): body is ErrorEnvelope<V> =>
  isRecord(body) &&
  typeof body.message === "string" &&
  (version === "v1" ? body.status === "error" : body.ok === false && typeof body.code === "string");

/**
 * A refusal that is not the service's envelope (a proxy's page, an empty body) in the version's shape,
 * so a caller reads every 4xx the same way; the v2 code is `http_<status>`.
 */
const foreignError = <V extends ClientVersion>(version: V, raw: RawAnswer): ErrorEnvelope<V> => {
  const message = raw.text.slice(0, 200) || `HTTP ${raw.status}`;
  const code = `http_${raw.status}`;
  return (
    version === "v1"
      ? { status: "error", message }
      : { ok: false, code, message, http_status: raw.status, error: { code } }
  ) as ErrorEnvelope<V>;
};

/**
 * Reads a sub-500 answer in the version's envelope: 2xx is `{ ok: true, data }` (v2 adds `meta`), any
 * other status is `{ ok: false, error }`. A 2xx that is not the success envelope throws: there is no
 * data to return and no refusal to report.
 */
export const readAnswer = <V extends ClientVersion>(
  version: V,
  label: string,
  raw: RawAnswer,
): AnswerValue<V> => {
  const { status, requestId, headers, body } = raw;
  if (status >= 200 && status < 300) {
    const success =
      isRecord(body) && "data" in body && (version === "v1" ? body.status === "success" : body.ok === true);
    if (!success)
      throw new MarketplaceClientError(
        `${label} answered ${status} without the ${version} success envelope`,
        {
          status,
          requestId,
          body,
        },
      );
    return version === "v1"
      ? { ok: true, status, requestId, headers, data: body.data }
      : { ok: true, status, requestId, headers, data: body.data, meta: body.meta ?? {} };
  }
  const error = isErrorEnvelope(version, body) ? body : foreignError(version, raw);
  return { ok: false, status, requestId, headers, error };
};
