import type { Loaded } from "../answers.js";

/** What a section shows while its read is loading or after it was refused; nothing once it is ready. */
export const AnswerState = ({ loaded }: { loaded: Loaded<unknown> }) => {
  if (loaded.state === "loading") return <p aria-live="polite">Loading…</p>;
  if (loaded.state === "failed")
    return (
      <p class="error" role="alert">
        {loaded.message}
      </p>
    );
  return null;
};

/** The outcome of the last change a form sent: a confirmation, or the refusal to read. */
export const Outcome = ({ outcome }: { outcome: { ok: boolean; text: string } | undefined }) =>
  outcome === undefined ? null : outcome.ok ? (
    <p class="done" role="status">
      {outcome.text}
    </p>
  ) : (
    <p class="error" role="alert">
      {outcome.text}
    </p>
  );
