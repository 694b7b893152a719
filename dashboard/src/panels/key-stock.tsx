import { useState } from "preact/hooks";
import { sent, useAnswer } from "../answers.js";
import { AnswerState, Outcome } from "../components/answer-state.js";
import { TableScroll } from "../components/table-scroll.js";
import { counted, whole } from "../format.js";
import type { Session } from "../session.js";

/** The states a code is counted in, as GET /api/v1/products/keys/{id} names them. */
const STATES = ["available", "reserved", "delivered", "withdrawn"] as const;
const CODES_PER_PAGE = 20;
/** As many codes as one upload takes (POST /api/v1/products/keys/{id}). */
const MAX_PER_UPLOAD = 10_000;

/** The codes of a text, one per line, each with the line it came from (a refusal names its position). */
const codesOf = (text: string): { codes: string[]; lines: number[] } => {
  const codes: string[] = [];
  const lines: number[] = [];
  text.split(/\r\n|\n|\r/).forEach((line, n) => {
    if (line.trim() === "") return;
    codes.push(line.trim());
    lines.push(n + 1);
  });
  return { codes, lines };
};

/** A product's uploaded codes: counts by state, uploading by paste or file, the codes, withdrawing. */
export const KeyStock = (props: {
  readonly session: Session;
  readonly productId: string;
  readonly onChange: () => void;
}) => {
  const { session, productId } = props;
  const [cursor, setCursor] = useState<string | undefined>();
  const inventory = useAnswer(
    () =>
      session.client.v1.call("GET /products/keys/{id}", {
        path: { id: productId },
        query: { limit: CODES_PER_PAGE, ...(cursor ? { cursor } : {}) },
      }),
    [session, productId, cursor],
  );
  const [pasted, setPasted] = useState("");
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();
  const [refusedLines, setRefusedLines] = useState<readonly string[]>([]);
  const [busy, setBusy] = useState(false);

  const changed = () => {
    setCursor(undefined);
    inventory.reload();
    props.onChange();
  };

  const upload = async (text: string, source: string) => {
    const { codes, lines } = codesOf(text);
    setRefusedLines([]);
    if (codes.length === 0) {
      setOutcome({ ok: false, text: `No codes in ${source}: write one code per line.` });
      return;
    }
    if (codes.length > MAX_PER_UPLOAD) {
      setOutcome({
        ok: false,
        text: `${counted(codes.length, "code")} in ${source}: upload at most ${whole(MAX_PER_UPLOAD)} at a time.`,
      });
      return;
    }
    setBusy(true);
    const answer = await sent(() =>
      session.client.v1.call("POST /products/keys/{id}", { path: { id: productId }, body: { codes } }),
    );
    setBusy(false);
    if (!answer.ok) {
      setOutcome({ ok: false, text: answer.error.message });
      return;
    }
    setOutcome({
      ok: answer.data.added > 0,
      text: `${counted(answer.data.added, "code")} added${answer.data.refused.length ? `, ${counted(answer.data.refused.length, "line")} refused` : ""}.`,
    });
    const lineOf = (position: number) => lines[position - 1] ?? position;
    setRefusedLines(
      answer.data.refused.map(
        (r) =>
          // The API counts codes as sent; the seller counts the lines they wrote, blank ones included.
          `Line ${lineOf(r.position)}: ${r.reason.replace(/^Repeats the code at position (\d+)$/, (_, n: string) => `Repeats the code on line ${lineOf(Number(n))}`)}`,
      ),
    );
    if (answer.data.refused.length === 0) setPasted("");
    changed();
  };

  const withdraw = async (body: { ids: string[] } | { all: true }) => {
    const answer = await sent(() =>
      session.client.v1.call("POST /products/keys/withdraw/{id}", { path: { id: productId }, body }),
    );
    setRefusedLines([]);
    setOutcome(
      answer.ok
        ? { ok: true, text: `${counted(answer.data.withdrawn, "code")} withdrawn.` }
        : { ok: false, text: answer.error.message },
    );
    if (answer.ok) changed();
  };

  const ready = inventory.loaded.state === "ready" ? inventory.loaded : undefined;
  const next = ready?.headers.get("X-Next-Cursor") ?? undefined;
  return (
    <section aria-labelledby="keys-heading">
      <h2 id="keys-heading">Codes</h2>
      <p class="hint">
        Upload the codes (licence keys, logins, links) and the marketplace delivers them itself the moment an
        order is paid, with no webhook receiver of yours. The stock then follows the available codes.
      </p>
      <AnswerState loaded={inventory.loaded} />
      {ready ? (
        <dl class="counts" aria-label="Codes by state">
          {STATES.map((state) => (
            <div key={state}>
              <dt>{state}</dt>
              <dd>{whole(ready.data.counts[state])}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <form
        class="upload"
        onSubmit={(event) => {
          event.preventDefault();
          void upload(pasted, "the pasted text");
        }}
      >
        <label for="codes-paste">Paste codes, one per line</label>
        <textarea
          id="codes-paste"
          class="codes-input"
          rows={5}
          value={pasted}
          spellcheck={false}
          onInput={(event) => setPasted((event.target as HTMLTextAreaElement).value)}
        />
        <button type="submit" disabled={busy}>
          {busy ? "Uploading…" : "Upload pasted codes"}
        </button>
      </form>
      <div class="upload">
        <label for="codes-file">Or upload a text file, one code per line</label>
        <input
          id="codes-file"
          type="file"
          accept=".txt,.csv,text/plain"
          disabled={busy}
          onChange={async (event) => {
            const input = event.target as HTMLInputElement;
            const file = input.files?.[0];
            if (!file) return;
            await upload(await file.text(), file.name);
            input.value = "";
          }}
        />
      </div>
      <Outcome outcome={outcome} />
      {refusedLines.length > 0 ? (
        <ul class="refused-lines" aria-label="Refused lines">
          {refusedLines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {ready && ready.data.codes.length > 0 ? (
        <>
          <TableScroll label="Codes">
            <table aria-label="Codes">
              <thead>
                <tr>
                  <th scope="col">Ends in</th>
                  <th scope="col">State</th>
                  <th scope="col">Uploaded</th>
                  <th scope="col">Order</th>
                  <th scope="col">
                    <span class="visually-hidden">Action</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {ready.data.codes.map((code) => (
                  <tr key={code.id}>
                    <td>
                      <code>…{code.end}</code>
                    </td>
                    <td>{code.state}</td>
                    <td>{code.uploaded_at}</td>
                    <td>{code.id_order ? <a href={`#/orders/${code.id_order}`}>{code.id_order}</a> : ""}</td>
                    <td>
                      {code.state === "available" ? (
                        <button
                          type="button"
                          class="secondary"
                          aria-label={`Withdraw the code ending in ${code.end}`}
                          onClick={() => withdraw({ ids: [code.id] })}
                        >
                          Withdraw
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <div class="pager">
            {cursor ? (
              <button type="button" class="secondary" onClick={() => setCursor(undefined)}>
                First codes
              </button>
            ) : null}
            {next ? (
              <button type="button" class="secondary" onClick={() => setCursor(next)}>
                More codes
              </button>
            ) : null}
          </div>
        </>
      ) : null}
      {ready && ready.data.counts.available > 0 ? (
        <button type="button" class="danger" onClick={() => withdraw({ all: true })}>
          Withdraw all {counted(ready.data.counts.available, "available code")}
        </button>
      ) : null}
    </section>
  );
};
