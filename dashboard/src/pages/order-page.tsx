import { useAnswer } from "../answers.js";
import { AnswerState } from "../components/answer-state.js";
import { roubles } from "../format.js";
import { OrderChat } from "../panels/order-chat.js";
import { OrderDelivery } from "../panels/order-delivery.js";
import { WebhookAttempts } from "../panels/webhook-attempts.js";
import { productHash } from "../routes.js";
import type { Session } from "../session.js";
import { deliveryText } from "./orders.js";

/** What the dispute state means to the seller. */
const DISPUTE: Record<string, string> = {
  none: "No dispute.",
  open: "The buyer opened a dispute: answer in the chat below.",
  closed: "The buyer closed their dispute.",
};

/** One order: its facts (never the buyer's e-mail), delivery, webhook attempts, chat and dispute. */
export const OrderPage = ({ session, id }: { session: Session; id: string }) => {
  const { loaded, reload } = useAnswer(
    () => session.client.v1.call("GET /orders/info/{id}", { path: { id } }),
    [session, id],
  );
  const productId = loaded.state === "ready" ? loaded.data.id_product : "";
  // The product's name, for the link to it; a deleted product keeps its id.
  const product = useAnswer(
    () =>
      productId
        ? session.client.v1.call("GET /products/info/{id}", { path: { id: productId } })
        : Promise.resolve({ ok: false as const, status: 0, error: { message: "" } }),
    [session, productId],
  );
  if (loaded.state !== "ready")
    return (
      <>
        <h1 id="page-title" tabIndex={-1}>
          Order
        </h1>
        <AnswerState loaded={loaded} />
      </>
    );
  const order = loaded.data;
  return (
    <>
      <p class="crumbs">
        <a href="#/orders">All orders</a>
      </p>
      <h1 id="page-title" tabIndex={-1}>
        Order {order.id_order}
      </h1>
      <dl class="facts" aria-label="Order">
        <div>
          <dt>Payment</dt>
          <dd>{order.status_order}</dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>{deliveryText(order)}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{roubles(order.amount)}</dd>
        </div>
        {order.fee === undefined ? null : (
          <>
            <div>
              <dt>Marketplace fee</dt>
              <dd>
                {roubles(order.fee)} ({order.fee_percent}%)
              </dd>
            </div>
            <div>
              <dt>{order.delivered === "1" ? "Credited to you" : "To be credited"}</dt>
              <dd>{roubles(order.credited ?? "")}</dd>
            </div>
          </>
        )}
        <div>
          <dt>Quantity</dt>
          <dd>{order.count}</dd>
        </div>
        <div>
          <dt>Product</dt>
          <dd>
            <a href={productHash(order.id_product)}>
              {product.loaded.state === "ready" ? product.loaded.data.product.name : order.id_product}
            </a>
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            {order.data_create} {order.time_create}
          </dd>
        </div>
        <div>
          <dt>Paid with</dt>
          <dd>{order.payment_system || "not paid"}</dd>
        </div>
        <div>
          <dt>Buyer</dt>
          <dd>{order.buyer_type}</dd>
        </div>
      </dl>
      {order.comment ? (
        <p class="reason">
          <strong>Buyer’s comment:</strong> {order.comment}
        </p>
      ) : null}
      <OrderDelivery session={session} order={order} onDelivered={reload} />
      <WebhookAttempts session={session} orderId={order.id_order} />
      <section aria-labelledby="dispute-heading">
        <h2 id="dispute-heading">Dispute</h2>
        <p>
          <span class={`state state-${order.dispute_status}`}>{order.dispute_status}</span>{" "}
          {DISPUTE[order.dispute_status]}
        </p>
      </section>
      <OrderChat session={session} orderId={order.id_order} />
    </>
  );
};
