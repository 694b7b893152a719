import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";

/*
 * The limits the Seller API v1 document states for what requests send (the members of JSON bodies and
 * the query parameters), read generically from the document, and the values at each limit's edge: the
 * first value outside it and the first inside it, shaped like the member's example so that they break no
 * other rule of it (a comma list keeps three values, a URL stays a URL). v1-limits.stack.test.ts sends
 * both and compares the answers, so a document that says other than what the validators do fails.
 */

/** A JSON object as the document holds it. */
export type Json = Record<string, unknown>;

/** The keywords that limit a value, as opposed to naming its type. */
export const limitKeywords = [
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "pattern",
  "format",
  "enum",
  "minItems",
  "maxItems",
] as const;
export type LimitKeyword = (typeof limitKeywords)[number];

/** One limit the document states for one value a request sends. */
export interface DocumentedLimit {
  readonly method: string;
  /** The operation's path as the document names it, parameters in braces. */
  readonly path: string;
  readonly in: "body" | "query";
  /** The body member or query parameter. */
  readonly name: string;
  readonly keyword: LimitKeyword;
  readonly limit: unknown;
  /** The value's whole schema, references resolved: what the edge values are checked against. */
  readonly schema: Json;
}

/** `METHOD /path in name keyword`: how a limit is named in a test's report. */
export const limitName = (limit: DocumentedLimit): string =>
  `${limit.method} ${limit.path} ${limit.in} ${limit.name} ${limit.keyword}=${JSON.stringify(limit.limit)}`;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The node a local JSON pointer (`#/components/schemas/X`) names. */
const pointed = (document: Json, pointer: string): unknown =>
  pointer
    .replace(/^#\//, "")
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((node, part) => (isObject(node) ? node[part] : undefined), document);

/** A schema with every local `$ref` replaced by what it points at (request schemas hold no cycle). */
export const resolved = (document: Json, node: unknown, depth = 0): unknown => {
  if (depth > 32) throw new Error("a $ref chain deeper than 32: a cycle?");
  if (Array.isArray(node)) return node.map((item) => resolved(document, item, depth + 1));
  if (!isObject(node)) return node;
  const { $ref, ...rest } = node;
  const target =
    typeof $ref === "string" ? (resolved(document, pointed(document, $ref), depth + 1) as Json) : {};
  return {
    ...target,
    ...Object.fromEntries(
      Object.entries(rest).map(([key, value]) => [key, resolved(document, value, depth + 1)]),
    ),
  };
};

/** The limit keywords of a value's schema: its own, and those of each alternative (`anyOf`, `oneOf`). */
const keywordsOf = (schema: Json): [LimitKeyword, unknown][] => {
  const own = limitKeywords
    .filter((keyword) => keyword in schema)
    .map((k): [LimitKeyword, unknown] => [k, schema[k]]);
  const branches = [...((schema.anyOf as unknown[]) ?? []), ...((schema.oneOf as unknown[]) ?? [])].filter(
    isObject,
  );
  return [...own, ...branches.flatMap(keywordsOf)];
};

/** A JSON request body's schema and example, if the operation takes one. */
const jsonBodyOf = (document: Json, operation: Json): { schema?: Json; example?: Json } => {
  const content = (resolved(document, operation.requestBody) as Json | undefined)?.content as
    | Json
    | undefined;
  const media = content?.["application/json"] as Json | undefined;
  if (!media) return {};
  const examples = Object.values((media.examples as Json | undefined) ?? {}).filter(isObject);
  const example = media.example ?? examples[0]?.value;
  return { schema: media.schema as Json, ...(isObject(example) ? { example } : {}) };
};

/** Every operation of the document under `prefix`, as method, path and the operation. */
const operationsOf = (document: Json, prefix: string) =>
  Object.entries(document.paths as Record<string, Json>)
    .filter(([path]) => path.startsWith(prefix))
    .flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method))
        .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation: operation as Json })),
    );

/** Every limit the document states for the JSON bodies and query parameters of its operations under `prefix`. */
export const documentedLimits = (document: Json, prefix: string): DocumentedLimit[] =>
  operationsOf(document, prefix).flatMap(({ method, path, operation }) => {
    const values: { in: "body" | "query"; name: string; schema: Json }[] = [];
    for (const parameter of ((operation.parameters as unknown[]) ?? []).map((p) => resolved(document, p))) {
      if (isObject(parameter) && parameter.in === "query" && isObject(parameter.schema))
        values.push({ in: "query", name: String(parameter.name), schema: parameter.schema });
    }
    const body = resolved(document, jsonBodyOf(document, operation).schema) as Json | undefined;
    for (const [name, schema] of Object.entries((body?.properties as Json | undefined) ?? {}))
      if (isObject(schema)) values.push({ in: "body", name, schema });
    return values.flatMap((value) =>
      keywordsOf(value.schema).map(([keyword, limit]) => ({ method, path, ...value, keyword, limit })),
    );
  });

/** The example bodies of the document's operations under `prefix`, by `METHOD path`. */
export const requestExamples = (document: Json, prefix: string): Map<string, Json> =>
  new Map(
    operationsOf(document, prefix).flatMap(({ method, path, operation }) => {
      const { example } = jsonBodyOf(document, operation);
      return example ? [[`${method} ${path}`, example] as const] : [];
    }),
  );

const ajv = new Ajv2020({ strict: false, allErrors: false });
// The formats request values use; ajv knows none without a plugin. "uri" as RFC 3986 has it: a scheme.
ajv.addFormat("uri", (value: string) => /^[A-Za-z][A-Za-z0-9+.-]*:/.test(value) && URL.canParse(value));
ajv.addFormat("binary", true);
const validators = new WeakMap<Json, ValidateFunction>();

/** Whether the document's schema of a value allows `value`. */
export const allows = (schema: Json, value: unknown): boolean => {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate(value);
};

/** A string of `length` characters (code points) shaped like `seed`: its start, or the seed padded with `pad`. */
export const fitted = (seed: string, length: number, pad: (length: number) => string): string => {
  const characters = [...seed];
  if (length >= characters.length) return seed + pad(length - characters.length);
  // A comma-separated seed keeps its values as it shrinks: their first letters, then padding.
  const short = seed.includes(",")
    ? seed
        .split(",")
        .map((part) => [...part.trim()][0] ?? "x")
        .join(",")
    : "";
  if (short !== "" && length >= short.length) return short + pad(length - short.length);
  return (short === "" ? characters : [...short]).slice(0, length).join("");
};

/** Values that break a pattern or a format, tried in order (after the seed's near misses for a pattern). */
const malformed = [
  "not a url",
  "",
  "x",
  "0",
  "12345",
  "1234567",
  "abcdef",
  "http://example.com/x",
  "ftp://example.com/x",
];

/** Values one step from `seed`: a character short, or a URL of the next scheme down. */
const nearMisses = (seed: unknown): string[] =>
  typeof seed === "string"
    ? [seed.slice(0, -1), seed.replace(/^https:/i, "http:"), seed.replace(/^https?:/i, "ftp:")]
    : [];

/** A list of `count` items made from `seed`'s items: an enum's values in turn, else the first item again. */
const itemsOf = (schema: Json, seed: unknown, count: number): unknown[] => {
  const items = isObject(schema.items) ? schema.items : {};
  const choices = Array.isArray(items.enum)
    ? items.enum
    : [Array.isArray(seed) && seed.length > 0 ? seed[0] : "x"];
  return Array.from({ length: count }, (_, i) => choices[i % choices.length]);
};

/**
 * The edge of one limit: the first value outside it, and the values inside it next to the edge (every
 * value of an enum), made from `seed` (the example's value of the member, or one like it) so that they
 * break no other rule the seed keeps. Undefined when the limit has no outside (a minLength of 0).
 */
export const edgeOf = (
  limit: DocumentedLimit,
  seed: unknown,
  pad: (length: number) => string,
): { outside: unknown; inside: unknown[] } | undefined => {
  const { keyword, schema } = limit;
  const text = typeof seed === "string" ? seed : "x";
  const step = schema.type === "integer" || !("type" in schema) ? 1 : 0.01;
  const bound = limit.limit as number;
  switch (keyword) {
    case "minLength":
      return bound === 0
        ? undefined
        : { outside: fitted(text, bound - 1, pad), inside: [fitted(text, bound, pad)] };
    case "maxLength":
      return { outside: fitted(text, bound + 1, pad), inside: [fitted(text, bound, pad)] };
    case "minimum":
      return { outside: bound - step, inside: [bound] };
    case "maximum":
      return { outside: bound + step, inside: [bound] };
    case "exclusiveMinimum":
      return { outside: bound, inside: [bound + step] };
    case "exclusiveMaximum":
      return { outside: bound, inside: [bound - step] };
    case "minItems":
      return bound === 0
        ? undefined
        : { outside: itemsOf(schema, seed, bound - 1), inside: [itemsOf(schema, seed, bound)] };
    case "maxItems":
      return { outside: itemsOf(schema, seed, bound + 1), inside: [itemsOf(schema, seed, bound)] };
    case "enum": {
      const values = limit.limit as unknown[];
      const first = values[0];
      return {
        outside: typeof first === "string" ? `not-${first}` : Math.max(...(values as number[])) + 1,
        inside: values,
      };
    }
    // The first value outside a pattern is the seed's nearest miss; outside a format, no URL at all.
    case "pattern":
      return {
        outside: [...nearMisses(seed), ...malformed].find((value) => !allows(schema, value)),
        inside: [seed],
      };
    case "format":
      return { outside: malformed.find((value) => !allows(schema, value)), inside: [seed] };
  }
};
