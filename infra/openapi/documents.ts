import type { VersionContracts } from "../../shared/api/route-contract.js";
import { v1Contracts } from "../../shared/api/v1-contracts.js";
import { v2Contracts } from "../../shared/api/v2-contracts.js";
import { referenceFiles } from "../../shared/reference/reference-files.js";
import { buildDocument, type DocumentedVersion } from "./build-document.js";
import { handlerActions } from "./handler-actions.js";

/** The version each document states: the spec labels v2's description 2.0.0; raised when an interface changes. */
export const documentVersionOf: Record<DocumentedVersion, string> = { v1: "1.0.0", v2: "2.0.0" };

/** The v1 document's version (tests build documents with it). */
export const API_DOCUMENT_VERSION = documentVersionOf.v1;

/** Every documented version, in the order the generator writes them. */
export const documentedVersions: readonly DocumentedVersion[] = ["v1", "v2"];

/** Each version's contracts. */
export const contractsOf: Record<DocumentedVersion, VersionContracts> = { v1: v1Contracts, v2: v2Contracts };

/** Where `npm run openapi` writes each version's document (and the docs page and Lambdas read it). */
export const documentPath = (version: DocumentedVersion): string => referenceFiles[version];

/**
 * One version's document, built from the route table, the handlers' request schemas and its contracts;
 * throws while a route of the version lacks a contract.
 */
export const buildVersionDocument = async (version: DocumentedVersion): Promise<Record<string, unknown>> =>
  buildDocument(version, await handlerActions(), contractsOf[version], documentVersionOf[version]);

/** Both documents, built from the route table, the handlers' request schemas and the contracts. */
export const buildDocuments = async (): Promise<Record<DocumentedVersion, Record<string, unknown>>> => ({
  v1: await buildVersionDocument("v1"),
  v2: await buildVersionDocument("v2"),
});

/** A document as written to disk before Biome formats it: two-space JSON and a final newline. */
export const serializeDocument = (document: Record<string, unknown>): string =>
  `${JSON.stringify(document, null, 2)}\n`;

/**
 * Whether a document file says exactly what `document` says, key order included; its formatting is
 * Biome's (`npm run lint` checks it), not the generator's.
 */
export const documentFileMatches = (fileText: string, document: Record<string, unknown>): boolean =>
  JSON.stringify(JSON.parse(fileText)) === JSON.stringify(document);
