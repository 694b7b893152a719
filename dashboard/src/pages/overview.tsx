import { useEffect, useState } from "preact/hooks";
import type { Session } from "../session.js";

/** The moderation states the overview counts, as GET /api/v1/products names them. */
const STATES = ["draft", "pending", "approved", "rejected"] as const;
type State = (typeof STATES)[number];

/** How many of the seller's products are in each moderation state: each list's total, one page of one read. */
const countsByState = async (session: Session): Promise<Record<State, number> | string> => {
  const answers = await Promise.all(
    STATES.map((status) => session.client.v1.call("GET /products", { query: { status, limit: 1 } })),
  );
  const counts: Partial<Record<State, number>> = {};
  for (const [i, answer] of answers.entries()) {
    if (!answer.ok) return answer.error.message;
    counts[STATES[i] as State] = answer.data.pagination.total;
  }
  return counts as Record<State, number>;
};

/** The overview: the store's balance and its products by moderation state (the rest follows in #22). */
export const Overview = ({ session }: { session: Session }) => {
  const [counts, setCounts] = useState<Record<State, number> | string | undefined>(undefined);
  useEffect(() => {
    let current = true;
    countsByState(session).then(
      (loaded) => current && setCounts(loaded),
      () => current && setCounts("The marketplace did not answer."),
    );
    return () => {
      current = false;
    };
  }, [session]);
  return (
    <>
      <section aria-labelledby="balance-heading">
        <h2 id="balance-heading">Balance</h2>
        <p class="figure">{session.seller.balance.toLocaleString("en-US")} RUB</p>
      </section>
      <section aria-labelledby="moderation-heading">
        <h2 id="moderation-heading">Products by moderation state</h2>
        {counts === undefined ? <p aria-live="polite">Loading…</p> : null}
        {typeof counts === "string" ? (
          <p class="error" role="alert">
            {counts}
          </p>
        ) : null}
        {counts !== undefined && typeof counts !== "string" ? (
          <dl class="counts">
            {STATES.map((state) => (
              <div key={state}>
                <dt>{state}</dt>
                <dd>{counts[state].toLocaleString("en-US")}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </section>
    </>
  );
};
