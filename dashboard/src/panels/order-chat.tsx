import { useState } from "preact/hooks";
import { sent, useAnswer } from "../answers.js";
import { AnswerState, Outcome } from "../components/answer-state.js";
import type { Session } from "../session.js";

/** As many messages as one page of GET /orders/chat/{id_order} holds. */
const PAGE = 100;
/**
 * A chat holds at most 1,000 messages people write (shared/chat/chat-limits.ts), and the marketplace's
 * own (a dispute opened, a gift's note) come on top: the read follows pages to the chat's end, a short
 * page, and stops at 30 only to bound a chat that could not exist.
 */
const MAX_PAGES = 30;

interface ChatLine {
  readonly id: number;
  readonly from: string;
  readonly message: string;
  readonly data_create: string;
  readonly time_create: string;
}

/** The order's chat with its buyer: the whole conversation (a short page is its end), and a reply. */
export const OrderChat = ({ session, orderId }: { session: Session; orderId: string }) => {
  const { loaded, reload } = useAnswer(async () => {
    const lines: ChatLine[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const answer = await session.client.v1.call("GET /orders/chat/{id_order}", {
        path: { id_order: orderId },
        query: { page, limit: PAGE },
      });
      if (!answer.ok) return answer;
      lines.push(...answer.data);
      if (answer.data.length < PAGE) return { ...answer, data: lines };
    }
    return { ok: true as const, data: lines, headers: new Headers() };
  }, [session, orderId]);
  const [draft, setDraft] = useState("");
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();
  const [busy, setBusy] = useState(false);
  const send = async (event: Event) => {
    event.preventDefault();
    // One message per press: a double click must not post it twice.
    if (busy) return;
    setBusy(true);
    const answer = await sent(() =>
      session.client.v1.call("POST /orders/chat/{id_order}", {
        path: { id_order: orderId },
        body: { message: draft },
      }),
    );
    setBusy(false);
    if (answer.ok) {
      setDraft("");
      setOutcome(undefined);
      reload();
    } else setOutcome({ ok: false, text: answer.error.message });
  };
  return (
    <section aria-labelledby="chat-heading">
      <h2 id="chat-heading">Chat with the buyer</h2>
      <AnswerState loaded={loaded} />
      {loaded.state === "ready" ? (
        loaded.data.length === 0 ? (
          <p>No messages yet.</p>
        ) : (
          <ol class="chat" aria-label="Messages">
            {loaded.data.map((line) => (
              <li key={line.id} class={`from-${line.from}`}>
                <p class="meta">
                  {line.from === "seller" ? "You" : line.from === "buyer" ? "Buyer" : "Marketplace"} ·{" "}
                  {line.data_create} {line.time_create}
                </p>
                <p class="text">{line.message}</p>
              </li>
            ))}
          </ol>
        )
      ) : null}
      <form onSubmit={send}>
        <label for="chat-message">Your reply</label>
        <textarea
          id="chat-message"
          rows={3}
          value={draft}
          onInput={(event) => setDraft((event.target as HTMLTextAreaElement).value)}
        />
        <button type="submit" disabled={busy}>
          {busy ? "Sending…" : "Send"}
        </button>
      </form>
      <Outcome outcome={outcome} />
    </section>
  );
};
