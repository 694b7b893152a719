import { useAnswer } from "../answers.js";
import { AnswerState } from "../components/answer-state.js";
import { BalanceSection } from "../components/balance-section.js";
import { whole } from "../format.js";
import { MODERATION_STATES } from "../product-form.js";
import type { Session } from "../session.js";

const STATES = MODERATION_STATES;
type State = (typeof STATES)[number];

/** The order counts the overview shows, as GET /api/v1/orders/summary (an extension) names them. */
const ORDER_COUNTS = [
  { key: "waiting_payment", label: "Waiting for payment" },
  { key: "undelivered", label: "Paid, to deliver" },
  { key: "delivered_today", label: "Delivered today" },
  { key: "open_disputes", label: "Open disputes" },
  { key: "webhook_failing", label: "Failing webhooks" },
] as const;

/** How many of the seller's products are in each moderation state: each list's total, one line of one read. */
const countsByState = async (session: Session) => {
  const answers = await Promise.all(
    STATES.map((status) => session.client.v1.call("GET /products", { query: { status, limit: 1 } })),
  );
  const counts: Partial<Record<State, number>> = {};
  for (const [i, answer] of answers.entries()) {
    if (!answer.ok) return answer;
    counts[STATES[i] as State] = answer.data.pagination.total;
  }
  return { ok: true as const, data: counts as Record<State, number>, headers: new Headers() };
};

/** The overview: the balance, the orders that need the seller, and the products by moderation state. */
export const Overview = ({ session }: { session: Session }) => {
  const seller = useAnswer(() => session.client.v1.call("GET /seller"), [session]);
  const orders = useAnswer(() => session.client.v1.call("GET /orders/summary"), [session]);
  const products = useAnswer(() => countsByState(session), [session]);
  return (
    <>
      <h1 id="page-title" tabIndex={-1}>
        Overview
      </h1>
      <BalanceSection id="balance-heading" seller={seller.loaded} />
      <section aria-labelledby="orders-heading">
        <h2 id="orders-heading">Orders</h2>
        <AnswerState loaded={orders.loaded} />
        {orders.loaded.state === "ready" ? (
          <dl class="counts" aria-label="Orders by state">
            {ORDER_COUNTS.map(({ key, label }) => (
              <div key={key}>
                <dt>{label}</dt>
                <dd>{whole(orders.loaded.state === "ready" ? orders.loaded.data[key] : 0)}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <p>
          <a href="#/orders">See the orders</a>
        </p>
      </section>
      <section aria-labelledby="moderation-heading">
        <h2 id="moderation-heading">Products by moderation state</h2>
        <AnswerState loaded={products.loaded} />
        {products.loaded.state === "ready" ? (
          <dl class="counts" aria-label="Products by moderation state">
            {STATES.map((state) => (
              <div key={state}>
                <dt>{state}</dt>
                <dd>{whole(products.loaded.state === "ready" ? products.loaded.data[state] : 0)}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </section>
    </>
  );
};
