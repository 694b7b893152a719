import { useAnswer } from "../answers.js";
import { AnswerState } from "../components/answer-state.js";
import { CursorPager, useCursorPages } from "../components/cursor-pager.js";
import { TableScroll } from "../components/table-scroll.js";
import { roubles } from "../format.js";
import { orderHash, productHash } from "../routes.js";
import type { Session } from "../session.js";

const PAGE_SIZE = 20;

/** What the seller has to do about an order, in words: its payment, delivery and dispute state. */
export const deliveryText = (order: {
  status_order: string;
  delivered: string;
  date_delivery: string;
  time_delivery: string;
}) =>
  order.delivered === "1"
    ? `Delivered ${order.date_delivery} ${order.time_delivery}`
    : order.status_order === "paid"
      ? "To deliver"
      : order.status_order === "wait"
        ? "Waiting for payment"
        : "Canceled";

/** The seller's orders, newest first, a page at a time (the API's cursor pages, an extension of GET /orders). */
export const Orders = ({ session }: { session: Session }) => {
  const pages = useCursorPages();
  const cursor = pages.cursor;
  const { loaded } = useAnswer(
    () =>
      session.client.v1.call("GET /orders", { query: { limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) } }),
    [session, cursor],
  );
  const next = loaded.state === "ready" ? (loaded.headers.get("X-Next-Cursor") ?? undefined) : undefined;
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" tabIndex={-1}>
        Orders
      </h1>
      <AnswerState loaded={loaded} />
      {loaded.state === "ready" && loaded.data.length === 0 ? (
        <p class="count">{pages.page === 1 ? "No orders yet." : "No more orders."}</p>
      ) : null}
      {loaded.state === "ready" && loaded.data.length > 0 ? (
        <TableScroll label="Orders">
          <table aria-label="Orders">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Product</th>
                <th scope="col">Created</th>
                <th scope="col">Quantity</th>
                <th scope="col">Amount</th>
                <th scope="col">Payment</th>
                <th scope="col">Delivery</th>
                <th scope="col">Dispute</th>
              </tr>
            </thead>
            <tbody>
              {loaded.data.map((order) => (
                <tr key={order.id_order}>
                  <td>
                    <a href={orderHash(order.id_order)}>{order.id_order}</a>
                  </td>
                  <td>
                    <a href={productHash(order.id_product)}>
                      <span class="visually-hidden">Product </span>…{order.id_product.slice(-6)}
                    </a>
                  </td>
                  <td>
                    {order.data_create} {order.time_create}
                  </td>
                  <td>{order.count}</td>
                  <td>{roubles(order.amount)}</td>
                  <td>{order.status_order}</td>
                  <td>{deliveryText(order)}</td>
                  <td>{order.dispute_status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      <CursorPager label="Pages of orders" pages={pages} next={next} />
    </section>
  );
};
