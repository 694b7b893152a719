import { useState } from "preact/hooks";
import { sent } from "../answers.js";
import { Outcome } from "../components/answer-state.js";
import type { Session } from "../session.js";

/** The Standard Webhooks signing secret: rotated here, shown once. */
export const SigningSecret = ({ session }: { session: Session }) => {
  const [secret, setSecret] = useState<{ value: string; previousUntil: string | null } | undefined>();
  const [failure, setFailure] = useState<{ ok: boolean; text: string } | undefined>();
  const [busy, setBusy] = useState(false);
  const rotate = async () => {
    setBusy(true);
    setFailure(undefined);
    const answer = await sent(() => session.client.v1.call("POST /seller/webhook-secret"));
    setBusy(false);
    if (!answer.ok) {
      setFailure({ ok: false, text: answer.error.message });
      return;
    }
    setSecret({ value: answer.data.webhook_secret, previousUntil: answer.data.previous_signs_until });
  };
  return (
    <section aria-labelledby="signing-secret-heading">
      <h2 id="signing-secret-heading">Signing secret</h2>
      <p class="hint">
        Every webhook carries a webhook-signature header under your whsec_ secret (Standard Webhooks). A new
        secret is shown once; the one it replaces keeps signing beside it for 24 hours.
      </p>
      <button type="button" class="secondary" onClick={rotate} disabled={busy}>
        {busy ? "Rotating…" : "Rotate signing secret"}
      </button>
      {secret ? (
        <div role="status">
          <label for="new-signing-secret">New signing secret (shown once: copy it now)</label>
          <input
            id="new-signing-secret"
            readOnly
            value={secret.value}
            onFocus={(e) => (e.target as HTMLInputElement).select()}
          />
          <p class="hint">
            {secret.previousUntil === null
              ? "No secret was replaced."
              : `The replaced secret signs beside it until ${secret.previousUntil.replace("T", " ").slice(0, 19)} UTC.`}
          </p>
        </div>
      ) : null}
      <Outcome outcome={failure} />
    </section>
  );
};
