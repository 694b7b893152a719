import fc from "fast-check";
import type { FieldKind, ObjectShape } from "./schema-shape.js";

/** One hostile request body: what it is, and its exact bytes. */
export interface HostileBody {
  readonly name: string;
  readonly bytes: Buffer;
  /**
   * Refused whatever the schema says: not an object at all, a JSON type the field's kind cannot be, or
   * an unknown key on a strict schema. Checked beside the schema-derived answer, so a schema loosened
   * by mistake (coercion, `unknown`, a dropped `strictObject`) is caught too.
   */
  readonly mustRefuse?: true;
}

/** A value of every JSON type: the wrong type for almost any field. */
const wrongTypes: readonly unknown[] = [null, true, false, 0, -1, 1.5, "", "text", [], {}, ["a"], { a: 1 }];

/** Strings built to be misread: injections, markup, control, bidi and invisible characters, odd Unicode. */
export const hostileStrings: readonly string[] = [
  "' OR '1'='1' --",
  "1; DROP TABLE products; --",
  '" OR ""="',
  '{"$gt": ""}',
  "$where: sleep(1000)",
  "<script>alert(1)</script>",
  '<img alt="<" src=x onerror=alert(1)>',
  "javascript:alert(1)",
  // A template injection probe: the `$` is joined on so no linter mistakes it for our own placeholder.
  "$" + "{7*7}{{7*7}}<%= 7*7 %>",
  "\u202Egnp.exe",
  "a\u200Bb\u200Dc\u2060d",
  "\u0000",
  "nul\u0000byte",
  "\u0007\u001b[31mred",
  "line\r\nX-Injected: 1",
  "\u00A0\u3000\u2028\u2029",
  "ｆｕｌｌｗｉｄｔｈ",
  "😀".repeat(64),
  "\uD800",
  "e\u0301\u0301\u0301",
  "\uFEFF",
  "../../../../etc/passwd",
  "%00%2e%2e%2f",
  "A".repeat(5000),
];

/** Numbers JSON can spell that JavaScript reads oddly: overflow, negative zero, underflow, beyond safe integers. */
const rawNumbers: readonly string[] = [
  "1e309",
  "-1e309",
  "-0",
  "1e-400",
  "9007199254740993",
  "1.0",
  "1E3",
  "123456789012345678901234567890",
];

/** Strings that look like numbers to a lenient reader. */
const numberLikeStrings: readonly string[] = ["NaN", "Infinity", "-0", "1e309", "0x10", "１２", " 7", "7 "];

/** JSON nested `levels` deep: arrays inside arrays. */
export const nested = (levels: number): string => `${"[".repeat(levels)}${"]".repeat(levels)}`;

/** The JSON text of an object with one more member whose value is given as raw JSON text (any key, `__proto__` too). */
export const withRawMember = (base: Record<string, unknown>, key: string, rawValue: string): string => {
  const json = JSON.stringify(base);
  const separator = json === "{}" ? "" : ",";
  return `${json.slice(0, -1)}${separator}${JSON.stringify(key)}:${rawValue}}`;
};

const withoutKey = (base: Record<string, unknown>, key: string): Record<string, unknown> => {
  const { [key]: _dropped, ...rest } = base;
  return rest;
};

const text = (name: string, value: string, mustRefuse = false): HostileBody => ({
  name,
  bytes: Buffer.from(value, "utf8"),
  ...(mustRefuse ? { mustRefuse: true as const } : {}),
});

/** Whether a raw JSON value can never be a valid value of a field of this kind. */
const wrongForKind = (kind: FieldKind, raw: string): boolean => {
  if (kind === "other") return false;
  const value: unknown = JSON.parse(raw);
  return kind === "string" ? typeof value !== "string" : typeof value !== "number";
};
const preview = (raw: string): string =>
  raw.length > 40 ? `${raw.slice(0, 30)}…(${raw.length} chars)` : raw;

/** The raw JSON values a field of this kind is attacked with. */
const rawValuesFor = (kind: FieldKind): string[] => {
  const values = wrongTypes.map((value) => JSON.stringify(value));
  const strings = kind === "number" ? numberLikeStrings : hostileStrings;
  values.push(...strings.map((value) => JSON.stringify(value)));
  if (kind !== "string") values.push(...rawNumbers);
  values.push(
    JSON.stringify("A".repeat(200_000)),
    // Three bytes a character: 300 KB, over the JSON body limit.
    JSON.stringify("€".repeat(100_000)),
    JSON.stringify(Array.from({ length: 10_000 }, () => "a")),
    nested(20),
    nested(10_000),
  );
  return values;
};

/**
 * Hostile bodies derived from a route's body schema and a body it accepts: the whole body replaced by
 * non-objects, broken or deep JSON; each field missing, of every wrong type, hostile, huge, deep; and
 * unknown keys, prototype keys and duplicates.
 */
export const hostileBodies = (shape: ObjectShape, base: Record<string, unknown>): HostileBody[] => {
  const json = JSON.stringify(base);
  const cases: HostileBody[] = [
    text("an empty body", ""),
    text("a blank body", " \n "),
    text("the body null", "null"),
    ...["[]", '"text"', "1", "true", `[${json}]`].map((raw) => text(`the body ${preview(raw)}`, raw, true)),
    text("truncated JSON", json.slice(0, -1)),
    text("JSON with trailing garbage", `${json}}`),
    text("JSON with a comment", `/* x */${json}`),
    text("JSON with a byte-order mark", `\uFEFF${json}`),
    text("10,000 levels of nesting", nested(10_000)),
    text("33 levels of nesting", nested(33)),
    text("a 10,000-element array", JSON.stringify(Array.from({ length: 10_000 }, () => 1))),
    text("an unknown field", withRawMember(base, "unknown_field", "1"), shape.strict),
    text("a __proto__ key", withRawMember(base, "__proto__", '{"polluted":true}')),
    text("a constructor key", withRawMember(base, "constructor", '{"prototype":{"polluted":true}}')),
    text("a $where key", withRawMember(base, "$where", '"1"')),
    text("an empty key", withRawMember(base, "", '"x"')),
  ];
  for (const [key, kind] of Object.entries(shape.fields)) {
    const rest = withoutKey(base, key);
    cases.push(text(`${key} missing`, JSON.stringify(rest)));
    for (const raw of rawValuesFor(kind)) {
      const refusedByKind = !raw.startsWith("[[[[") && wrongForKind(kind, raw);
      cases.push(text(`${key} = ${preview(raw)}`, withRawMember(rest, key, raw), refusedByKind));
    }
    cases.push(
      text(
        `${key} given twice`,
        `${withRawMember(base, key, '"first"').slice(0, -1)},${JSON.stringify(key)}:[]}`,
      ),
    );
  }
  return cases;
};

/** Any JSON value, hostile strings weighted in. */
const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(...hostileStrings),
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.double(),
  fc.integer(),
);

/** Random mutations of a body: up to three members set (known, unknown or prototype keys) or removed. */
export const mutatedBodies = (shape: ObjectShape, base: Record<string, unknown>): fc.Arbitrary<HostileBody> =>
  fc
    .array(
      fc.record({
        key: fc.oneof(
          fc.constantFrom(...Object.keys(shape.fields)),
          fc.constantFrom("__proto__", "constructor", "unknown", "$ne"),
          fc.string({ maxLength: 10 }),
        ),
        // undefined: the member is removed.
        value: fc.option(anyValue, { freq: 4, nil: undefined }),
      }),
      { minLength: 1, maxLength: 3 },
    )
    .map((mutations) => {
      let body = base;
      const raw: [string, string][] = [];
      for (const { key, value } of mutations) {
        body = withoutKey(body, key);
        // JSON.stringify turns NaN and ±Infinity into null and drops undefined, as a client would.
        if (value !== undefined) raw.push([key, JSON.stringify(value) ?? "null"]);
      }
      let json = JSON.stringify(body);
      for (const [key, value] of raw)
        json = withRawMember(JSON.parse(json) as Record<string, unknown>, key, value);
      return {
        name: `mutations ${JSON.stringify(mutations).slice(0, 200)}`,
        bytes: Buffer.from(json, "utf8"),
      };
    });

/** One hostile query string: what it is, and its parameters in order (a name may repeat). */
export interface HostileQuery {
  readonly name: string;
  readonly params: readonly (readonly [string, string])[];
}

/** Values every query parameter is attacked with: the hostile strings, number look-alikes and odd sizes. */
const queryValues: readonly string[] = [
  ...hostileStrings,
  ...numberLikeStrings,
  "",
  "-1",
  "0",
  "1.5",
  "99999999999",
  "1,2",
  "A".repeat(3000),
];

/** Hostile query strings from a query schema: unknown and prototype names, each parameter hostile and repeated. */
export const hostileQueries = (shape: ObjectShape): HostileQuery[] => {
  const cases: HostileQuery[] = ["unknown", "__proto__", "constructor", "toString", "$where", ""].map(
    (name) => ({
      name: `an unknown parameter ${JSON.stringify(name)}`,
      params: [[name, "1"]],
    }),
  );
  for (const key of Object.keys(shape.fields)) {
    for (const value of queryValues)
      cases.push({ name: `${key}=${preview(JSON.stringify(value))}`, params: [[key, value]] });
    cases.push({
      name: `${key} given twice`,
      params: [
        [key, "1"],
        [key, "2"],
      ],
    });
  }
  return cases;
};

/** The parameters as the handler receives them from API Gateway: a repeated name joined with commas. */
export const queryRecord = (params: HostileQuery["params"]): Record<string, string> => {
  const record: Record<string, string> = {};
  for (const [name, value] of params) {
    // defineProperty, so `__proto__` is an ordinary key as in the event API Gateway hands over.
    const previous = Object.hasOwn(record, name) ? `${record[name]},` : "";
    Object.defineProperty(record, name, {
      value: `${previous}${value}`,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return record;
};

/** Path parameter values as sent (already percent-encoded): traversal, NUL, huge, injections, Unicode, look-alikes of `own`. */
export const hostileSegments = (own: string): { readonly name: string; readonly raw: string }[] => [
  { name: "an encoded ../ traversal", raw: "..%2F..%2Fseller" },
  { name: "an encoded ..\\ traversal", raw: "..%5C..%5Cseller" },
  { name: "a double-encoded traversal", raw: "%252e%252e%252f" },
  { name: "a NUL", raw: "%00" },
  { name: "the own id with a NUL appended", raw: `${own}%00` },
  { name: "the own id with a space appended", raw: `${own}%20` },
  { name: "the own id in lower case", raw: own.toLowerCase() },
  {
    name: "the own id in full-width letters",
    raw: encodeURIComponent(
      own.replace(/[0-9A-Z]/g, (c) => String.fromCodePoint((c.codePointAt(0) as number) + 0xfee0)),
    ),
  },
  { name: "a 4,000-character id", raw: "A".repeat(4000) },
  { name: "an SQL injection", raw: encodeURIComponent("' OR '1'='1") },
  { name: "a NoSQL operator", raw: encodeURIComponent('{"$gt":""}') },
  { name: "HTML", raw: encodeURIComponent("<script>alert(1)</script>") },
  { name: "a bidi override", raw: encodeURIComponent("\u202E1") },
  { name: "an emoji", raw: encodeURIComponent("😀") },
  { name: "a CRLF header injection", raw: "x%0D%0AX-Injected:%201" },
  { name: "-1", raw: "-1" },
  { name: "0", raw: "0" },
  { name: "1e309", raw: "1e309" },
  { name: "twenty nines", raw: "9".repeat(20) },
  { name: "full-width digits", raw: encodeURIComponent("１２") },
];
