import { beforeAll, describe, expect, it } from "vitest";
import { buildDocuments, documentedVersions } from "../../../infra/openapi/documents.js";
import { membersOf, operationsOf, rootSchemasOf } from "./document-walk.js";

type Json = Record<string, unknown>;

let documents: Record<"v1" | "v2", Json>;

beforeAll(async () => {
  documents = await buildDocuments();
});

const described = (value: unknown): boolean => typeof value === "string" && value.trim() !== "";

/** The component a `$ref` names, if it is one of the document's. */
const target = (document: Json, ref: unknown): Json | undefined => {
  if (typeof ref !== "string" || !ref.startsWith("#/components/schemas/")) return undefined;
  const schemas = (document.components as { schemas?: Record<string, Json> } | undefined)?.schemas;
  return schemas?.[ref.slice("#/components/schemas/".length)];
};

// The documents are the reference a seller integrates from: every field of every body and answer says
// what it holds (its rule and unit), and so does every parameter. The list printed on failure is the
// work left: `<version> <JSON pointer>` of each member without a description.
describe("every property of every schema in both documents has a description", () => {
  for (const version of documentedVersions) {
    it(`${version}: the members of every schema (components, parameters, bodies, answers, webhooks)`, () => {
      const document = documents[version];
      const missing = rootSchemasOf(document)
        .flatMap(membersOf)
        .filter(
          ({ schema }) =>
            !described(schema.description) && !described(target(document, schema.$ref)?.description),
        )
        .map(({ pointer }) => `${version} ${pointer}`);
      expect(missing, `${missing.length} members have no description:\n${missing.join("\n")}`).toEqual([]);
    });

    it(`${version}: every parameter and every response header`, () => {
      const missing = operationsOf(documents[version]).flatMap(({ pointer, operation }) => [
        ...((operation.parameters ?? []) as Json[]).flatMap((parameter, i) =>
          described(parameter.description)
            ? []
            : [`${version} ${pointer}/parameters/${i} (${String(parameter.name)})`],
        ),
        ...Object.entries((operation.responses ?? {}) as Record<string, Json>).flatMap(([status, response]) =>
          Object.entries((response.headers ?? {}) as Record<string, Json>).flatMap(([name, header]) =>
            described(header.description)
              ? []
              : [`${version} ${pointer}/responses/${status}/headers/${name}`],
          ),
        ),
      ]);
      expect(
        missing,
        `${missing.length} parameters or headers have no description:\n${missing.join("\n")}`,
      ).toEqual([]);
    });
  }
});
