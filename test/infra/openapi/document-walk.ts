/**
 * Walks an OpenAPI 3.1 document the way the documents' tests read it: every operation (paths and
 * webhooks) with where it is, and every schema a reader meets (components, parameters, bodies, answers,
 * headers) with the members inside it.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** One operation of a document: under `paths` or `webhooks`, by its pointer. */
export interface WalkedOperation {
  readonly pointer: string;
  readonly operation: Json;
}

const segment = (text: string) => text.replace(/~/g, "~0").replace(/\//g, "~1");

/** Every operation of `paths` and `webhooks`, with its JSON pointer. */
export const operationsOf = (document: Json): WalkedOperation[] =>
  (["paths", "webhooks"] as const).flatMap((section) =>
    Object.entries(isObject(document[section]) ? document[section] : {}).flatMap(([path, item]) =>
      methods
        .filter((method) => isObject((item as Json)[method]))
        .map((method) => ({
          pointer: `#/${section}/${segment(path)}/${method}`,
          operation: (item as Json)[method] as Json,
        })),
    ),
  );

/** One schema a reader meets, by its pointer. */
export interface WalkedSchema {
  readonly pointer: string;
  readonly schema: Json;
}

/** The schemas of a content map (`{ "application/json": { schema } }`). */
const contentSchemas = (pointer: string, content: unknown): WalkedSchema[] =>
  Object.entries(isObject(content) ? content : {}).flatMap(([type, media]) =>
    isObject(media) && isObject(media.schema)
      ? [{ pointer: `${pointer}/content/${segment(type)}/schema`, schema: media.schema }]
      : [],
  );

/**
 * The top-level schemas of a document: each component, and each schema an operation holds inline (its
 * parameters', its bodies', its answers' and their headers').
 */
export const rootSchemasOf = (document: Json): WalkedSchema[] => {
  const components = isObject(document.components) ? document.components : {};
  const named = Object.entries(isObject(components.schemas) ? components.schemas : {}).map(
    ([name, schema]) => ({
      pointer: `#/components/schemas/${segment(name)}`,
      schema: schema as Json,
    }),
  );
  const inline = operationsOf(document).flatMap(({ pointer, operation }) => {
    const parameters = (Array.isArray(operation.parameters) ? operation.parameters : []).flatMap((p, i) =>
      isObject(p) && isObject(p.schema)
        ? [{ pointer: `${pointer}/parameters/${i}/schema`, schema: p.schema }]
        : [],
    );
    const body = isObject(operation.requestBody)
      ? contentSchemas(`${pointer}/requestBody`, operation.requestBody.content)
      : [];
    const answers = Object.entries(isObject(operation.responses) ? operation.responses : {}).flatMap(
      ([status, response]) => {
        if (!isObject(response)) return [];
        const at = `${pointer}/responses/${status}`;
        const headers = Object.entries(isObject(response.headers) ? response.headers : {}).flatMap(
          ([name, header]) =>
            isObject(header) && isObject(header.schema)
              ? [{ pointer: `${at}/headers/${segment(name)}/schema`, schema: header.schema }]
              : [],
        );
        return [...contentSchemas(at, response.content), ...headers];
      },
    );
    return [...parameters, ...body, ...answers];
  });
  return [...named, ...inline];
};

/** A schema's subschemas, each with the keyword path that leads to it. */
const subschemasOf = (schema: Json): [string, Json][] => {
  const found: [string, Json][] = [];
  for (const keyword of ["items", "additionalProperties", "not", "contains", "propertyNames"])
    if (isObject(schema[keyword])) found.push([keyword, schema[keyword] as Json]);
  for (const keyword of ["allOf", "anyOf", "oneOf", "prefixItems"])
    if (Array.isArray(schema[keyword]))
      (schema[keyword] as unknown[]).forEach((member, i) => {
        if (isObject(member)) found.push([`${keyword}/${i}`, member]);
      });
  if (isObject(schema.properties))
    for (const [name, member] of Object.entries(schema.properties))
      if (isObject(member)) found.push([`properties/${segment(name)}`, member]);
  return found;
};

/** Every object member (`properties` entry) inside a schema, at any depth, by its pointer. */
export const membersOf = (root: WalkedSchema): WalkedSchema[] => {
  const members: WalkedSchema[] = [];
  const visit = (pointer: string, schema: Json) => {
    for (const [path, sub] of subschemasOf(schema)) {
      const at = `${pointer}/${path}`;
      if (path.startsWith("properties/")) members.push({ pointer: at, schema: sub });
      visit(at, sub);
    }
  };
  visit(root.pointer, root.schema);
  return members;
};
