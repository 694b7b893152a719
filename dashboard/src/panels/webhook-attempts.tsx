import { useAnswer } from "../answers.js";
import { AnswerState } from "../components/answer-state.js";
import { TableScroll } from "../components/table-scroll.js";
import type { Session } from "../session.js";

/** The order's payment webhook attempts to the seller's api_url, oldest first. */
export const WebhookAttempts = ({ session, orderId }: { session: Session; orderId: string }) => {
  const { loaded, reload } = useAnswer(
    () => session.client.v1.call("GET /orders/webhooks/{id}", { path: { id: orderId } }),
    [session, orderId],
  );
  return (
    <section aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">Webhook attempts</h2>
      <AnswerState loaded={loaded} />
      {loaded.state === "ready" && loaded.data.length === 0 ? (
        <p>No webhook attempts: none is sent before payment, or without an API URL in your profile.</p>
      ) : null}
      {loaded.state === "ready" && loaded.data.length > 0 ? (
        <TableScroll label="Webhook attempts">
          <table aria-label="Webhook attempts">
            <thead>
              <tr>
                <th scope="col">Attempt</th>
                <th scope="col">At</th>
                <th scope="col">Target</th>
                <th scope="col">Outcome</th>
                <th scope="col">HTTP status</th>
                <th scope="col">Error</th>
                <th scope="col">Time</th>
              </tr>
            </thead>
            <tbody>
              {loaded.data.map((attempt) => (
                <tr key={attempt.attempt} class={attempt.outcome === "delivered" ? "" : "failing"}>
                  <td>{attempt.attempt}</td>
                  <td>{attempt.at}</td>
                  <td>{attempt.target}</td>
                  <td>{attempt.outcome}</td>
                  <td>{attempt.http_status ?? "none"}</td>
                  <td>{attempt.error ?? ""}</td>
                  <td>{attempt.duration_ms} ms</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      <button type="button" class="secondary" onClick={reload}>
        Refresh attempts
      </button>
    </section>
  );
};
