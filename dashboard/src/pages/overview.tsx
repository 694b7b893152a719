import type { Session } from "../session.js";

/** The overview: the store's balance (the rest of the overview follows in #22). */
export const Overview = ({ session }: { session: Session }) => (
  <section aria-labelledby="balance-heading">
    <h2 id="balance-heading">Balance</h2>
    <p class="figure">{session.seller.balance.toLocaleString("en-US")} RUB</p>
  </section>
);
