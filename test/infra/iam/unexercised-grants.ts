import { z } from "zod";
import type { Grant } from "./iam-check.js";
import justified from "./unexercised-grants.json" with { type: "json" };

/**
 * The grants no stack test exercises, each with why it stays (test/infra/iam/unexercised-grants.json):
 * reviewed like code, so a grant nobody needs is removed instead of carried. An entry covers every
 * pairing of its functions (logical ids) with its actions (as the policy spells them).
 */
export const justifiedGrantsSchema = z.array(
  z.object({
    why: z.string().min(20),
    functions: z.array(z.string()).min(1),
    actions: z.array(z.string()).min(1),
  }),
);

export type JustifiedGrants = z.infer<typeof justifiedGrantsSchema>;

/** The committed list. */
export const justifiedGrants = (): JustifiedGrants => justifiedGrantsSchema.parse(justified);

const key = (grant: Grant) => `${grant.function} ${grant.action}`;

/** Where the run and the list disagree: `failures` fail the run, `notes` are printed beside its report. */
export interface Comparison {
  readonly failures: string[];
  readonly notes: string[];
}

/**
 * Compares a run's unused grants with the list. A grant no test used that the list does not justify fails,
 * and so does an entry whose grant the template no longer has. An entry a test used this run is a note,
 * not a failure: some calls depend on timing (the maintenance timer meeting an expired order), and a
 * list that fails a run for a call made only sometimes would make the suite flaky.
 */
export const compareWithJustified = (
  granted: readonly Grant[],
  unexercised: readonly Grant[],
  list: JustifiedGrants,
): Comparison => {
  const listed = new Set(
    list.flatMap((entry) =>
      entry.functions.flatMap((fn) => entry.actions.map((action) => `${fn} ${action}`)),
    ),
  );
  const grants = new Set(granted.map(key));
  const unused = new Set(unexercised.map(key));
  return {
    failures: [
      ...unexercised
        .filter((grant) => !listed.has(key(grant)))
        .map(
          (grant) =>
            `${grant.function} is granted ${grant.action}, which no stack test used: exercise it in a test, remove the grant, or justify it in test/infra/iam/unexercised-grants.json`,
        ),
      ...[...listed]
        .filter((entry) => !grants.has(entry))
        .map(
          (entry) =>
            `unexercised-grants.json lists ${entry}, which the template no longer grants: remove the entry`,
        ),
    ],
    notes: [...listed]
      .filter((entry) => grants.has(entry) && !unused.has(entry))
      .map((entry) => `unexercised-grants.json lists ${entry}, which a stack test used this run`),
  };
};
