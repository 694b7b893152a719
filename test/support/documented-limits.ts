/**
 * The limits an OpenAPI document states for the inputs of its operations, as probes at their edges: for
 * each limit keyword of a query parameter or a top-level body property, the first values outside it and
 * the first values inside it. The walk is generic (minLength, maxLength, minimum, maximum, const, enum,
 * pattern, format); a pattern it has no sample values for fails loudly rather than going unprobed.
 */

/** A JSON Schema object as the document holds it. */
export type Schema = Readonly<Record<string, unknown>>;

/** An OpenAPI document, as far as the walk reads it. */
export interface InputDocument {
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly components?: unknown;
}

/** Where a field travels: a query parameter or a member of the JSON body. */
export type FieldPlace = "query" | "body";

/** One documented limit of one field, with the values just outside and just inside it. */
export interface LimitProbe {
  readonly method: string;
  readonly path: string;
  readonly place: FieldPlace;
  readonly field: string;
  /** The keyword and its value, e.g. `maxLength 200`. */
  readonly limit: string;
  readonly outside: readonly unknown[];
  readonly inside: readonly unknown[];
}

/** One operation that reads input, with what a probe needs to send a request. */
export interface ProbedOperation {
  readonly method: string;
  readonly path: string;
  /** Path parameter names, in the order the path has them. */
  readonly pathParameters: readonly string[];
  /** The documented JSON body example, which probes change one field of; undefined without a body. */
  readonly bodyExample: Readonly<Record<string, unknown>> | undefined;
  readonly probes: readonly LimitProbe[];
}

const isObject = (value: unknown): value is Schema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The schema a `$ref` points at in the document (local references only), else the schema itself. */
export const resolved = (document: InputDocument, schema: unknown): Schema => {
  let current: unknown = schema;
  for (let hops = 0; isObject(current) && typeof current.$ref === "string"; hops++) {
    if (hops > 20) throw new Error(`$ref cycle at ${String(current.$ref)}`);
    const pointer = current.$ref;
    if (!pointer.startsWith("#/")) throw new Error(`only local $refs are followed, not ${pointer}`);
    current = pointer
      .slice(2)
      .split("/")
      .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
      .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), document);
  }
  if (!isObject(current)) throw new Error(`not a schema: ${JSON.stringify(schema)}`);
  return current;
};

/**
 * The keywords a value of this schema must meet, merged from the schema and the branches of its anyOf,
 * oneOf and allOf that admit more than null (a nullable field's limits sit in its non-null branch).
 */
const facetsOf = (document: InputDocument, schema: unknown): Schema => {
  const own = resolved(document, schema);
  const branches = ["anyOf", "oneOf", "allOf"].flatMap((keyword) =>
    Array.isArray(own[keyword])
      ? (own[keyword] as unknown[]).map((branch) => facetsOf(document, branch))
      : [],
  );
  const merged: Record<string, unknown> = {};
  for (const branch of branches) if (branch.type !== "null") Object.assign(merged, branch);
  return { ...merged, ...own };
};

/** The one type a field's value has besides null: from `type`, else from its const or enum values. */
const typeOf = (facets: Schema): string | undefined => {
  const types = (Array.isArray(facets.type) ? facets.type : [facets.type]).filter(
    (type): type is string => typeof type === "string" && type !== "null",
  );
  if (types.length === 1) return types[0];
  const values = "const" in facets ? [facets.const] : Array.isArray(facets.enum) ? facets.enum : [];
  const kinds = new Set(values.map((value) => typeof value));
  return kinds.size === 1 ? [...kinds][0] : undefined;
};

/**
 * Values inside and outside each format or pattern the documents use: for a day, the last day of a
 * February and the first day after it. A pattern is matched by every inside value and by no outside one
 * (checked), so a sample cannot drift from the pattern it stands for.
 */
const FORMAT_SAMPLES: Readonly<Record<string, { inside: string[]; outside: string[] }>> = {
  date: { inside: ["2026-02-28", "2024-02-29"], outside: ["2026-02-29", "2026-2-28"] },
};

const chars = (length: number): string => "x".repeat(length);

/** The probes of one field: one per limit keyword its schema states. */
export const probesOf = (
  document: InputDocument,
  at: { method: string; path: string; place: FieldPlace; field: string },
  schema: unknown,
): LimitProbe[] => {
  const facets = facetsOf(document, schema);
  const type = typeOf(facets);
  // Integers step by one; other numbers by the hundredth (kopecks, the finest a v2 amount names).
  const step = type === "integer" ? 1 : 0.01;
  const probe = (limit: string, outside: unknown[], inside: unknown[]): LimitProbe => ({
    ...at,
    limit,
    outside,
    inside,
  });
  const probes: LimitProbe[] = [];
  if (typeof facets.minLength === "number") {
    const min = facets.minLength;
    probes.push(probe(`minLength ${min}`, min > 0 ? [chars(min - 1)] : [], [chars(min)]));
  }
  if (typeof facets.maxLength === "number") {
    const max = facets.maxLength;
    probes.push(probe(`maxLength ${max}`, [chars(max + 1)], [chars(max)]));
  }
  if (typeof facets.minimum === "number") {
    const min = facets.minimum;
    probes.push(probe(`minimum ${min}`, [round(min - step)], [min]));
  }
  if (typeof facets.maximum === "number") {
    const max = facets.maximum;
    probes.push(probe(`maximum ${max}`, [round(max + step)], [max]));
  }
  if ("const" in facets) {
    const value = facets.const;
    const outside = typeof value === "number" ? [round(value - step), round(value + step)] : [`${value}x`];
    probes.push(probe(`const ${JSON.stringify(value)}`, outside, [value]));
  }
  if (Array.isArray(facets.enum)) {
    const values = facets.enum as unknown[];
    const outside =
      type === "string"
        ? [`${String(values[0])}x`, String(values[0]).toUpperCase()].filter((v) => !values.includes(v))
        : [Math.max(...(values as number[])) + step];
    probes.push(probe(`enum ${values.join("|")}`, outside, values));
  }
  if (typeof facets.format === "string" || typeof facets.pattern === "string") {
    probes.push(shapeProbe(at, facets, probe));
  }
  return probes;
};

/**
 * The probe of a format and its pattern together (a day is both), or of a pattern alone: sample values,
 * each inside one matching the pattern, and without a format no outside one matching it.
 */
const shapeProbe = (
  at: { method: string; path: string; field: string },
  facets: Schema,
  probe: (limit: string, outside: unknown[], inside: unknown[]) => LimitProbe,
): LimitProbe => {
  const format = typeof facets.format === "string" ? facets.format : undefined;
  const pattern = typeof facets.pattern === "string" ? facets.pattern : undefined;
  const samples = format === undefined ? PATTERN_SAMPLES[pattern ?? ""] : FORMAT_SAMPLES[format];
  const named = [format && `format ${format}`, pattern && `pattern ${pattern}`].filter(Boolean).join(", ");
  if (samples === undefined)
    throw new Error(`${at.method} ${at.path} ${at.field}: no probe values for ${named}`);
  if (pattern !== undefined) {
    const regex = new RegExp(pattern, "u");
    // An outside value may fit the pattern only when the format refuses it (2026-02-29 has a day's shape).
    const wrong = [
      ...samples.inside.filter((value) => !regex.test(value)),
      ...samples.outside.filter((value) => format === undefined && regex.test(value)),
    ];
    if (wrong.length > 0) throw new Error(`samples ${wrong.join(", ")} disagree with ${named}`);
  }
  return probe(
    format === undefined ? `pattern ${pattern}` : `format ${format}`,
    samples.outside,
    samples.inside,
  );
};

/** Values inside and outside each pattern the documents use without a format: none yet. */
const PATTERN_SAMPLES: Readonly<Record<string, { inside: string[]; outside: string[] }>> = {};

/** A number without the float noise of stepping by a hundredth. */
const round = (value: number): number => Math.round(value * 100) / 100;

const HTTP_METHODS = ["get", "put", "post", "delete", "patch"];

/** Every operation of the document under `prefix` that reads a query or a JSON body, with its probes. */
export const documentedLimits = (document: InputDocument, prefix: string): ProbedOperation[] =>
  Object.entries(document.paths)
    .filter(([path]) => path.startsWith(prefix))
    .flatMap(([path, item]) =>
      HTTP_METHODS.filter((method) => isObject(item[method])).map((lower) => {
        const operation = item[lower] as Schema;
        const method = lower.toUpperCase();
        const parameters = (Array.isArray(operation.parameters) ? operation.parameters : []).map((p) =>
          resolved(document, p),
        );
        const probes = parameters
          .filter((parameter) => parameter.in === "query")
          .flatMap((parameter) =>
            probesOf(
              document,
              { method, path, place: "query", field: String(parameter.name) },
              parameter.schema,
            ),
          );
        const requestBody = isObject(operation.requestBody) ? resolved(document, operation.requestBody) : {};
        const json = isObject(requestBody.content) ? requestBody.content["application/json"] : undefined;
        let bodyExample: Record<string, unknown> | undefined;
        if (isObject(json) && json.schema !== undefined) {
          const schema = facetsOf(document, json.schema);
          const properties = isObject(schema.properties) ? schema.properties : {};
          for (const [field, property] of Object.entries(properties))
            probes.push(...probesOf(document, { method, path, place: "body", field }, property));
          bodyExample = exampleOf(json);
          if (bodyExample === undefined) throw new Error(`${method} ${path}: its JSON body has no example`);
        }
        return {
          method,
          path,
          pathParameters: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string),
          bodyExample,
          probes,
        };
      }),
    )
    .filter((operation) => operation.probes.length > 0);

/** A media type's example: `example`, else the first of `examples`. */
const exampleOf = (media: Schema): Record<string, unknown> | undefined => {
  if (isObject(media.example)) return media.example;
  const first = isObject(media.examples) ? Object.values(media.examples)[0] : undefined;
  return isObject(first) && isObject(first.value) ? first.value : undefined;
};
