/**
 * The refusal catalogue: every refusal the service answers, declared once (in the module of its area,
 * `refusals/*.ts`) with its kind (which
 * `shared/http/envelopes.ts` turns into each version's status), its v2 code and its message. Services
 * throw entries of it (`refuse`), schemas take their messages from it, and the contracts of
 * `shared/api/` cite the same entries, so a message is written in exactly one place and a misspelt
 * refusal does not compile. `spec` marks wording the spec defines: a test holds it to the spec's words.
 *
 * Each refusal is an export of its own, marked pure and read through a namespace import
 * (`import * as refusals`), so a bundle carries only the refusals its code can answer.
 */
export * from "./refusals/operator.js";
export * from "./refusals/requests.js";
export * from "./refusals/reseller-api.js";
export * from "./refusals/seller-api.js";
