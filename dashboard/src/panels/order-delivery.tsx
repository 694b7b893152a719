import { useState } from "preact/hooks";
import { sent } from "../answers.js";
import { Outcome } from "../components/answer-state.js";
import { FormField } from "../components/form-field.js";
import { roubles } from "../format.js";
import type { Session } from "../session.js";

/** What the delivery panel reads of the order. */
interface DeliveredOrder {
  readonly id_order: string;
  readonly status_order: string;
  readonly delivered: string;
  readonly date_delivery: string;
  readonly time_delivery: string;
  readonly codes?: readonly { readonly id: string; readonly code: string }[] | undefined;
  /** What delivery credits the seller when the marketplace takes a fee (#25); absent without one. */
  readonly credited?: string | undefined;
}

/**
 * The order's delivery: the codes that went out (a key product's order), the delivery once made, or, for
 * a paid undelivered order, delivering by hand through the order's delivery URL (as a webhook receiver
 * would with the URL its webhook carried).
 */
export const OrderDelivery = (props: {
  readonly session: Session;
  readonly order: DeliveredOrder;
  readonly onDelivered: () => void;
}) => {
  const { session, order } = props;
  const [text, setText] = useState("");
  const [download, setDownload] = useState("");
  const [refusal, setRefusal] = useState<{ field: string | undefined; message: string } | undefined>();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();
  const [busy, setBusy] = useState(false);

  const deliver = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(undefined);
    setOutcome(undefined);
    const url = await sent(() =>
      session.client.v1.call("GET /orders/delivery-url/{id}", { path: { id: order.id_order } }),
    );
    if (!url.ok) {
      setBusy(false);
      setOutcome({ ok: false, text: url.error.message });
      // Delivered meanwhile (by the seller's own receiver): read the order again, the form goes.
      if (url.status === 409) props.onDelivered();
      return;
    }
    const answer = await sent(() =>
      session.client.v1.call("POST /orders/delivery/{token}", {
        path: { token: url.data.token },
        body: { text, ...(download.trim() ? { download: download.trim() } : {}) },
      }),
    );
    setBusy(false);
    if (answer.ok) {
      setOutcome({ ok: true, text: answer.data.message });
      props.onDelivered();
      return;
    }
    if (answer.status === 409) props.onDelivered();
    const message = answer.error.message;
    const field = /download/i.test(message) ? "download" : /'text'/.test(message) ? "text" : undefined;
    if (field) setRefusal({ field, message });
    else setOutcome({ ok: false, text: message });
  };

  return (
    <section aria-labelledby="delivery-heading">
      <h2 id="delivery-heading">Delivery</h2>
      {order.codes && order.codes.length > 0 ? (
        <>
          <p>The marketplace delivered these uploaded codes when the order was paid:</p>
          <ul class="codes" aria-label="Delivered codes">
            {order.codes.map((code) => (
              <li key={code.id}>
                <code>{code.code}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {order.delivered === "1" ? (
        <p>
          Delivered on {order.date_delivery} at {order.time_delivery} (UTC); the buyer has it by e-mail.
        </p>
      ) : order.status_order === "paid" ? (
        <form class="deliver" noValidate onSubmit={deliver}>
          <p class="hint">
            Paid and waiting for you. Your webhook receiver can deliver it through the delivery URL; or
            deliver it here by hand: the buyer gets this text (and link) by e-mail, and{" "}
            {order.credited === undefined
              ? "the amount"
              : `${roubles(order.credited)} (the amount less the marketplace's fee)`}{" "}
            is credited to you.
          </p>
          <FormField
            name="text"
            label="What the buyer receives"
            kind="textarea"
            rule="The key, credentials or message: up to 10,000 characters."
            value={text}
            onInput={setText}
            refusal={refusal?.field === "text" ? refusal.message : undefined}
          />
          <FormField
            name="download"
            label="Download link (optional)"
            kind="url"
            rule="An https link to a file, if any."
            value={download}
            onInput={setDownload}
            refusal={refusal?.field === "download" ? refusal.message : undefined}
          />
          <button type="submit" disabled={busy}>
            {busy ? "Delivering…" : "Deliver order"}
          </button>
        </form>
      ) : (
        <p>
          {order.status_order === "wait"
            ? "Not paid yet: nothing to deliver."
            : "Canceled: nothing to deliver."}
        </p>
      )}
      <Outcome outcome={outcome} />
    </section>
  );
};
