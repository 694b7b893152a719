import { readFileSync } from "node:fs";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { matchRoute } from "../../infra/local/route-matcher.js";
import { fullPath, routeKey, routes } from "../../shared/http/routes.js";
import { refusalOf } from "./refusal-matcher.js";

/** An OpenAPI document as far as the check reads it. */
export interface Document {
  readonly paths: Record<string, Record<string, Operation | undefined> | undefined>;
  /** The named schemas the operations' `$ref`s point to (`#/components/schemas/<name>`). */
  readonly components?: object;
}

interface Operation {
  readonly responses: Record<string, { content?: Record<string, MediaType> } | undefined>;
}

interface MediaType {
  readonly schema?: object;
  readonly examples?: Record<string, { value?: unknown }>;
}

/** A response as the end-to-end suite received it. */
export interface ReceivedResponse {
  readonly method: string;
  /** The request path, with its query string if it had one. */
  readonly path: string;
  readonly status: number;
  /** The parsed JSON body; undefined when the body was not JSON. */
  readonly body: unknown;
}

/** ajv's errors as one line each, with the parameters that name the culprit (the extra property, the allowed values). */
const problemsOf = (errors: ValidateFunction["errors"]): string =>
  (errors ?? []).map((e) => `body${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`).join("; ");

/** Which document each API's answers are checked against, by version: a file or the document itself. */
export type DocumentSources = Partial<Record<"v1" | "v2", string | Document>>;

const messageOf = (body: unknown): string | undefined =>
  typeof body === "object" && body !== null && typeof (body as { message?: unknown }).message === "string"
    ? (body as { message: string }).message
    : undefined;

/**
 * The catalogue refusals an operation's documented answers of one status name, by entry. A schema
 * failure is documented by the schema itself (and its first failure as an example), so its many
 * messages are not each listed.
 */
const documentedRefusals = (media: MediaType | undefined): Set<string> =>
  new Set(
    Object.values(media?.examples ?? {}).flatMap(({ value }) => {
      const message = messageOf(value);
      const refusal = message === undefined ? undefined : refusalOf(message);
      return refusal ? [refusal.name] : [];
    }),
  );

/** The committed documents `npm run openapi` writes. */
const committedDocuments: DocumentSources = { v1: "docs/openapi/v1.json", v2: "docs/openapi/v2.json" };

/** The table's route behind a route key the gateway matched; none for a version's catch-all. */
const routeByKey = new Map(routes.map((route) => [routeKey(route), route]));

/**
 * A check of responses of the service against the OpenAPI documents: the route the gateway matched
 * must be documented, the status must be one its operation lists, and the JSON body must validate
 * against that status's schema. Paths outside the documented APIs and paths no route matches (the
 * version's catch-all 404) are not operations and pass. A mismatch throws, naming the route, the
 * status and what did not match, so the test that made the request fails.
 */
export const createResponseCheck = (sources: DocumentSources) => {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  // Only request bodies carry `format: binary` (an uploaded file); a response has nothing to check it against.
  ajv.addFormat("binary", true);
  // Each compiled schema carries its document's components, for its `$ref`s to resolve within it.
  ajv.addKeyword("components");
  const documents = new Map<string, Document>();
  const validators = new Map<string, ValidateFunction>();

  const documentOf = (source: string | Document): Document => {
    if (typeof source !== "string") return source;
    let document = documents.get(source);
    if (!document) {
      document = JSON.parse(readFileSync(source, "utf8")) as Document;
      documents.set(source, document);
    }
    return document;
  };

  const validatorOf = (key: string, schema: object): ValidateFunction => {
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile(schema);
      validators.set(key, validate);
    }
    return validate;
  };

  return (response: ReceivedResponse): void => {
    const pathname = new URL(response.path, "http://127.0.0.1").pathname;
    const matched = matchRoute(response.method.toUpperCase(), pathname);
    const route = matched && routeByKey.get(matched.routeKey);
    // Not an operation of either API: the payment callback, the API reference, a catch-all 404.
    if (!route || (route.version !== "v1" && route.version !== "v2")) return;
    const source = sources[route.version];
    if (source === undefined) return;
    const template = fullPath(route);
    const method = route.method;
    const key = `${method} ${template}`;
    const name = typeof source === "string" ? source : `the ${route.version} document`;
    const operation = documentOf(source).paths[template]?.[method.toLowerCase()];
    if (!operation) throw new Error(`${key} is not in ${name}: run \`npm run openapi\``);
    const documented = operation.responses[String(response.status)];
    if (!documented) {
      throw new Error(
        `${key} answered ${response.status}, which ${name} does not document (it lists ${Object.keys(operation.responses).join(", ")})`,
      );
    }
    const schema = documented.content?.["application/json"]?.schema;
    if (!schema) throw new Error(`${key} ${response.status} has no JSON schema in ${name}`);
    if (response.body === undefined) {
      throw new Error(`${key} answered ${response.status} without a JSON body`);
    }
    const validate = validatorOf(`${key} ${response.status}`, {
      ...schema,
      components: documentOf(source).components,
    });
    if (!validate(response.body)) {
      throw new Error(
        `${key} answered ${response.status} with a body ${name} does not allow: ${problemsOf(validate.errors)}\n${JSON.stringify(response.body).slice(0, 2000)}`,
      );
    }
    // A refusal of the catalogue must be one the document lists for this route and status.
    const message = response.status >= 400 ? messageOf(response.body) : undefined;
    const refusal = message === undefined ? undefined : refusalOf(message);
    if (refusal && refusal.entry.kind !== "invalid_input") {
      if (!documentedRefusals(documented.content?.["application/json"]).has(refusal.name)) {
        throw new Error(
          `${key} answered ${response.status} "${message}" (refusal ${refusal.name}), which ${name} does not list for this route`,
        );
      }
    }
  };
};

/** The check `request` (http.ts) runs on every answer: against the committed documents. */
export const checkDocumentedResponse = createResponseCheck(committedDocuments);
