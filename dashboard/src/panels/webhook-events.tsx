import { useState } from "preact/hooks";
import { sent, useAnswer } from "../answers.js";
import { AnswerState, Outcome } from "../components/answer-state.js";
import { FormField } from "../components/form-field.js";
import { TableScroll } from "../components/table-scroll.js";
import { refusedField } from "../refusal-field.js";
import type { Session } from "../session.js";

/** What each event a seller may opt into tells, in the order the API lists them. */
const EVENT_MEANINGS: Readonly<Record<string, string>> = {
  "order.canceled": "An unpaid order's hold ran out and its stock went back",
  "dispute.opened": "A buyer opened a dispute",
  "dispute.closed": "A buyer closed a dispute",
  "chat.message": "A buyer wrote in an order's chat",
  "key_stock.low": "A key product's available codes fell below the threshold",
  "key_stock.empty": "A key product sold its last code",
};

type EventType =
  | "order.canceled"
  | "dispute.opened"
  | "dispute.closed"
  | "chat.message"
  | "key_stock.low"
  | "key_stock.empty";

/** The events sent beside the payment webhook: which ones, the low-stock threshold, and their latest deliveries. */
export const WebhookEvents = ({ session }: { session: Session }) => {
  const { loaded, reload } = useAnswer(
    () => session.client.v1.call("GET /seller/webhook-events"),
    [session.client],
  );
  return (
    <section aria-labelledby="webhook-events-heading">
      <h2 id="webhook-events-heading">Webhook events</h2>
      <p class="hint">
        The payment webhook is always sent. Choose the events you also want at your API URL, each as
        {" {type, timestamp, data}"}, signed and retried like it.
      </p>
      <AnswerState loaded={loaded} />
      {loaded.state === "ready" ? (
        <EventsForm
          session={session}
          available={loaded.data.available as EventType[]}
          initial={{ events: loaded.data.events, threshold: String(loaded.data.key_stock_low_threshold) }}
          onSaved={reload}
        />
      ) : null}
      <EventDeliveries session={session} />
    </section>
  );
};

interface EventsDraft {
  readonly events: readonly EventType[];
  readonly threshold: string;
}

const EventsForm = (props: {
  session: Session;
  available: readonly EventType[];
  initial: EventsDraft;
  onSaved: () => void;
}) => {
  const [draft, setDraft] = useState<EventsDraft>(props.initial);
  const [refusal, setRefusal] = useState<{ field: string | undefined; message: string } | undefined>();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();
  const toggle = (type: EventType, on: boolean) =>
    setDraft((current) => ({
      ...current,
      events: on ? [...current.events, type] : current.events.filter((t) => t !== type),
    }));
  const save = async (event: Event) => {
    event.preventDefault();
    setRefusal(undefined);
    setOutcome(undefined);
    // Sent as typed: the API says what a threshold may be, beside the field.
    const threshold = draft.threshold.trim() === "" ? Number.NaN : Number(draft.threshold);
    const answer = await sent(() =>
      props.session.client.v1.call("POST /seller/webhook-events", {
        body: { events: [...draft.events], key_stock_low_threshold: threshold },
      }),
    );
    if (answer.ok) {
      setDraft({ events: answer.data.events, threshold: String(answer.data.key_stock_low_threshold) });
      setOutcome({
        ok: true,
        text:
          answer.data.events.length === 0
            ? "Saved: only the payment webhook is sent."
            : `Saved: ${answer.data.events.join(", ")}.`,
      });
      props.onSaved();
      return;
    }
    const field = refusedField(answer.error.message);
    if (field === "key_stock_low_threshold") setRefusal({ field, message: answer.error.message });
    else setOutcome({ ok: false, text: answer.error.message });
  };
  return (
    <form noValidate onSubmit={save}>
      <fieldset>
        <legend>Events to receive</legend>
        {props.available.map((type) => (
          <div class="check" key={type}>
            <input
              type="checkbox"
              id={`event-${type}`}
              checked={draft.events.includes(type)}
              onChange={(event) => toggle(type, (event.target as HTMLInputElement).checked)}
            />
            <label for={`event-${type}`}>
              <code>{type}</code> <span class="hint">{EVENT_MEANINGS[type] ?? ""}</span>
            </label>
          </div>
        ))}
      </fieldset>
      <FormField
        name="key_stock_low_threshold"
        label="Low-stock threshold"
        rule="key_stock.low is sent when a key product's available codes fall below this: a whole number from 1 to 100,000."
        kind="number"
        inputMode="numeric"
        value={draft.threshold}
        onInput={(value) => setDraft((current) => ({ ...current, threshold: value }))}
        refusal={refusal?.message}
      />
      <button type="submit">Save events</button>
      <Outcome outcome={outcome} />
    </form>
  );
};

/** The latest attempts to send the seller its events, newest first. */
const EventDeliveries = ({ session }: { session: Session }) => {
  const { loaded, reload } = useAnswer(
    () => session.client.v1.call("GET /seller/webhook-events/deliveries"),
    [session.client],
  );
  return (
    <>
      <h3>Latest event deliveries</h3>
      <AnswerState loaded={loaded} />
      {loaded.state === "ready" && loaded.data.length === 0 ? (
        <p>No event was sent in the last 7 days.</p>
      ) : null}
      {loaded.state === "ready" && loaded.data.length > 0 ? (
        <TableScroll label="Event deliveries">
          <table aria-label="Event deliveries">
            <thead>
              <tr>
                <th scope="col">At</th>
                <th scope="col">Event</th>
                <th scope="col">Attempt</th>
                <th scope="col">Outcome</th>
                <th scope="col">HTTP status</th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {loaded.data.map((line) => (
                <tr
                  key={`${line.event_id}-${line.attempt}-${line.at}`}
                  class={line.outcome === "delivered" ? "" : "failing"}
                >
                  <td>{line.at}</td>
                  <td>{line.type}</td>
                  <td>{line.attempt}</td>
                  <td>{line.outcome}</td>
                  <td>{line.http_status ?? "none"}</td>
                  <td>{line.error ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      <button type="button" class="secondary" onClick={reload}>
        Refresh deliveries
      </button>
    </>
  );
};
