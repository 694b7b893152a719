import { v1Contracts } from "../../shared/api/v1-contracts.js";
import { v2Contracts } from "../../shared/api/v2-contracts.js";
import { buildDocument, type DocumentedVersion } from "./build-document.js";
import { handlerActions } from "./handler-actions.js";

/** The version every document states; raised when a route's interface changes. */
export const API_DOCUMENT_VERSION = "1.0.0";

/** Where `npm run openapi` writes each version's document (and the docs page and Lambdas read it). */
export const documentPath = (version: DocumentedVersion): string => `docs/openapi/${version}.json`;

/** Both documents, built from the route table, the handlers' request schemas and the contracts. */
export const buildDocuments = async (): Promise<Record<DocumentedVersion, Record<string, unknown>>> => {
  const actions = await handlerActions();
  return {
    v1: buildDocument("v1", actions, v1Contracts, API_DOCUMENT_VERSION),
    v2: buildDocument("v2", actions, v2Contracts, API_DOCUMENT_VERSION),
  };
};

/** A document as written to disk: two-space JSON and a final newline, so diffs stay readable. */
export const serializeDocument = (document: Record<string, unknown>): string =>
  `${JSON.stringify(document, null, 2)}\n`;
