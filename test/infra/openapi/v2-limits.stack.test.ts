import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { referenceFiles } from "../../../shared/reference/reference-files.js";
import { createTestSeller, queryString } from "../../support/catalogue.js";
import {
  documentedLimits,
  type InputDocument,
  type LimitProbe,
  type ProbedOperation,
} from "../../support/documented-limits.js";
import { type JsonResponse, request } from "../../support/http.js";

/**
 * The Reseller API v2 document against the service: for every limit the written document states for a
 * query parameter or a body field, the first values outside it are refused by the service, naming the
 * field, and the first values inside it pass every schema rule. The documents and the validators cannot
 * disagree.
 *
 * Nothing is bought: a body is its route's documented example with one field changed, and the examples
 * name a product, order and chat no test stack has, so a body the schemas accept ends in 404 (or 200 for
 * a removal) before any balance is read.
 */

const document = JSON.parse(readFileSync(referenceFiles.v2, "utf8")) as InputDocument;
const operations = documentedLimits(document, "/api/v2/");

/** Any path parameter: "1" is a well-formed seller id and an id of no product, order or chat. */
const PATH_VALUE = "1";

/**
 * Parameters a probe of `field` sends beside it, so no rule between parameters refuses an inside value:
 * page × limit may not exceed the document's window, so page's largest value is sent with the smallest
 * limit.
 */
const companions: Readonly<Record<string, Record<string, string>>> = { page: { limit: "1" } };

/** The request a probe sends with `value` as its field. */
const send = (token: string, operation: ProbedOperation, probe: LimitProbe, value: unknown) => {
  const path = operation.pathParameters.reduce(
    (p, name) => p.replace(`{${name}}`, PATH_VALUE),
    operation.path,
  );
  const headers = { Authorization: `Bearer ${token}` };
  if (probe.place === "query") {
    const query = queryString({ ...companions[probe.field], [probe.field]: String(value) });
    return request(operation.method, `${path}${query}`, { headers });
  }
  return request(operation.method, path, {
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({ ...operation.bodyExample, [probe.field]: value }),
  });
};

/** What a refusal names, or nothing when the service did not refuse the input. */
const refusalOf = (response: JsonResponse) => {
  const body = response.body as {
    ok?: boolean;
    code?: string;
    message?: string;
    error?: { code?: string; details?: { issues?: { field: string; message: string }[] } };
  };
  return {
    status: response.status,
    ok: body?.ok,
    firstIssue: body?.error?.details?.issues?.[0],
    message: body?.message,
  };
};

describe("the v2 document's limits", () => {
  it("include the limits the spec states for v2 requests", () => {
    const stated = operations.flatMap((operation) =>
      operation.probes.map((probe) => `${probe.method} ${probe.path} ${probe.field}: ${probe.limit}`),
    );
    expect(stated).toEqual(
      expect.arrayContaining([
        "POST /api/v2/buy comment: maxLength 200",
        "POST /api/v2/buy quantity: minimum 1",
        "POST /api/v2/gift quantity: const 1",
        "POST /api/v2/gift count: const 1",
        "GET /api/v2/search page: minimum 1",
        "GET /api/v2/search min_price: minimum 0",
        "GET /api/v2/history date_from: format date",
        "GET /api/v2/history date_to: format date",
        "GET /api/v2/history status: enum paid|unpaid|dispute",
        "POST /api/v2/favorites action: enum add|remove|toggle",
        "POST /api/v2/dispute action: enum open|close",
        "POST /api/v2/chat/{chat_id} message: maxLength 2000",
      ]),
    );
  });
});

describe("each limit of the v2 document, against the service", () => {
  let token: string;
  beforeAll(async () => {
    token = (await createTestSeller()).v2;
  });

  for (const operation of operations) {
    for (const probe of operation.probes) {
      const outside = probe.outside.map((value) => JSON.stringify(value).slice(0, 24)).join(", ");
      const inside = probe.inside.map((value) => JSON.stringify(value).slice(0, 24)).join(", ");
      it(`${probe.method} ${probe.path} ${probe.place} ${probe.field} (${probe.limit}): ${outside || "nothing"} refused, ${inside} accepted`, async () => {
        for (const value of probe.outside) {
          const refusal = refusalOf(await send(token, operation, probe, value));
          // A schema failure of v2: 422, the field named first, its message the envelope's message.
          expect({ value, ...refusal }).toEqual({
            value,
            status: 422,
            ok: false,
            firstIssue: { field: probe.field, message: refusal.message },
            message: expect.any(String),
          });
        }
        for (const value of probe.inside) {
          const answer = refusalOf(await send(token, operation, probe, value));
          // Past the schemas: whatever the service answers next, it is not a refusal of the input.
          expect(
            answer.status === 400 || answer.status === 422,
            `${JSON.stringify(value).slice(0, 40)} was refused: ${answer.status} ${answer.message}`,
          ).toBe(false);
        }
      });
    }
  }
});
