import type * as z from "../validation/zod-mini.js";

type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;

/**
 * A response schema checked at compile time against the type the service answers with: the same
 * fields, and every value the schema admits is one the type allows. A field added to or dropped from
 * an answer without its schema fails `tsc`, before the response checks of the test suite would.
 * Usage: `answering<Answer>()(schema)`.
 */
export const answering =
  <T>() =>
  <S extends z.core.$ZodType>(
    schema: S & (SameKeys<z.infer<S>, T> extends true ? (z.infer<S> extends T ? unknown : never) : never),
  ): S =>
    schema;

/** What an async service method resolves to. */
export type Answer<T extends (...args: never[]) => unknown> = Awaited<ReturnType<T>>;
