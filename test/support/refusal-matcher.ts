import type { Refusal, RefusalTemplate } from "../../shared/errors/refusal.js";
import * as refusals from "../../shared/errors/refusals.js";

/** What a template's holes read as when its fixed words are wanted. */
export const HOLE = "\u0001";

/** Every parameter of a template reads as a hole, so what is left are its fixed words. */
const holes: unknown = new Proxy({}, { get: () => HOLE });

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** An entry of the catalogue, fixed or template. */
export type CatalogueEntry = Refusal | RefusalTemplate<never>;

/**
 * Whether a text is this entry's message: exactly, or the template with one word (or one `${…}` hole
 * of source code) in each of its holes.
 */
export const matcherOf = (entry: CatalogueEntry): ((text: string) => boolean) => {
  if (typeof entry.message === "string") {
    const message = entry.message;
    return (text) => text === message;
  }
  const shape = (entry.message as (params: unknown) => string)(holes);
  const pattern = new RegExp(`^${shape.split(HOLE).map(escapeRegex).join("\\S+")}$`);
  return (text) => pattern.test(text);
};

const matchers = Object.entries(refusals as Record<string, CatalogueEntry>).map(
  ([name, entry]) => [name, entry, matcherOf(entry)] as const,
);

/** The catalogue entry a message of an answer comes from, if any. */
export const refusalOf = (message: string): { name: string; entry: CatalogueEntry } | undefined => {
  const found = matchers.find(([, , matches]) => matches(message));
  return found && { name: found[0], entry: found[1] };
};
