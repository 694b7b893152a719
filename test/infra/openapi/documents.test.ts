import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { buildDocument, MissingContractError } from "../../../infra/openapi/build-document.js";
import {
  API_DOCUMENT_VERSION,
  buildVersionDocument,
  documentedVersions,
  documentFileMatches,
  documentPath,
} from "../../../infra/openapi/documents.js";
import { handlerActions } from "../../../infra/openapi/handler-actions.js";
import { v1Contracts } from "../../../shared/api/v1-contracts.js";
import type { GroupActions } from "../../../shared/http/group-handler.js";
import { fullPath, routes } from "../../../shared/http/routes.js";

type Paths = Record<string, Record<string, unknown>>;

const committed = (version: "v1" | "v2") => readFileSync(documentPath(version), "utf8");

describe("the committed OpenAPI documents (docs/openapi)", () => {
  for (const version of documentedVersions) {
    it(`${version}.json is exactly what the generator builds from the route table, the handlers' schemas and the contracts`, async () => {
      const built = await buildVersionDocument(version);
      expect(
        documentFileMatches(committed(version), built),
        `${documentPath(version)} is out of date with the code: run \`npm run openapi\` and commit it`,
      ).toBe(true);
    });
  }

  it("document every v1 and v2 route of the route table under its full path with its method, and nothing else", () => {
    const documented = documentedVersions.flatMap((version) => {
      const paths = (JSON.parse(committed(version)) as { paths: Paths }).paths;
      return Object.entries(paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      );
    });
    const table = routes
      .filter((route) => route.version === "v1" || route.version === "v2")
      .map((route) => `${route.method} ${fullPath(route)}`);
    expect(documented.sort()).toEqual(table.sort());
  });
});

describe("buildDocument", () => {
  let actions: Record<string, GroupActions>;
  beforeAll(async () => {
    actions = await handlerActions();
  });

  it("refuses to build a version while a route of the table has no contract, naming the route", () => {
    const { "GET /seller": _dropped, ...contracts } = v1Contracts;
    expect(() => buildDocument("v1", actions, contracts, API_DOCUMENT_VERSION)).toThrow(
      new MissingContractError("No contract for GET /seller (v1)"),
    );
  });

  it("refuses a contract for a route the table does not have, naming it", () => {
    const contracts = { ...v1Contracts, "GET /sellers": v1Contracts["GET /seller"] };
    expect(() => buildDocument("v1", actions, contracts as typeof v1Contracts, API_DOCUMENT_VERSION)).toThrow(
      new MissingContractError("Contracts for routes not in the table: GET /sellers"),
    );
  });
});
