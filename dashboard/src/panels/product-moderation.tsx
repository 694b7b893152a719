import { useState } from "preact/hooks";
import { sent } from "../answers.js";
import { Outcome } from "../components/answer-state.js";
import type { Session } from "../session.js";

/** What each moderation state means to the seller. */
const MEANING: Record<string, string> = {
  draft: "Not yet submitted: buyers do not see it.",
  pending: "Waiting for an operator's decision.",
  approved: "Approved: buyers see it and can buy it.",
  rejected: "Rejected by an operator: change it and submit it again.",
};

/** The product's moderation state, an operator's rejection reason, and submitting it to moderation. */
export const ProductModeration = (props: {
  readonly session: Session;
  readonly product: {
    readonly id: string;
    readonly status_moderation: string;
    readonly rejection_reason?: string | undefined;
  };
  readonly onChange: () => void;
}) => {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();
  const state = props.product.status_moderation;
  const submit = async () => {
    const answer = await sent(() =>
      props.session.client.v1.call("POST /products/moderation", { body: { id_product: props.product.id } }),
    );
    setOutcome(
      answer.ok ? { ok: true, text: answer.data.message } : { ok: false, text: answer.error.message },
    );
    if (answer.ok) props.onChange();
  };
  return (
    <section aria-labelledby="moderation-heading">
      <h2 id="moderation-heading">Moderation</h2>
      <p>
        <span class={`state state-${state}`}>{state}</span> {MEANING[state] ?? ""}
      </p>
      {state === "rejected" ? (
        <p class="reason">
          <strong>Operator’s reason:</strong> {props.product.rejection_reason || "none given"}
        </p>
      ) : null}
      {state === "draft" || state === "rejected" ? (
        <button type="button" onClick={submit}>
          Submit to moderation
        </button>
      ) : null}
      <Outcome outcome={outcome} />
    </section>
  );
};
