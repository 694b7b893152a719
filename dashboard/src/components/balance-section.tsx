import type { Loaded } from "../answers.js";
import { roubles } from "../format.js";
import { AnswerState } from "./answer-state.js";

/** The seller's balance as GET /api/v1/seller answered it, under its own heading (`id` names the heading). */
export const BalanceSection = ({
  id,
  seller,
}: {
  id: string;
  seller: Loaded<{ readonly balance: number }>;
}) => (
  <section aria-labelledby={id}>
    <h2 id={id}>Balance</h2>
    <AnswerState loaded={seller} />
    {seller.state === "ready" ? <p class="figure">{roubles(seller.data.balance)}</p> : null}
  </section>
);
