import { useState } from "preact/hooks";
import { sent, useAnswer } from "../answers.js";
import { AnswerState, Outcome } from "../components/answer-state.js";
import { BalanceSection } from "../components/balance-section.js";
import { CursorPager, useCursorPages } from "../components/cursor-pager.js";
import { FormField } from "../components/form-field.js";
import { TableScroll } from "../components/table-scroll.js";
import { roubles } from "../format.js";
import { refusedField } from "../refusal-field.js";
import type { Session } from "../session.js";

const PAGE_SIZE = 20;
/** The payment systems POST /api/v1/payout takes, and what the wallet field then holds. */
const SYSTEMS = [
  { value: "card", label: "Bank card", wallet: "Card number: 16 to 19 digits." },
  { value: "usdt", label: "USDT", wallet: "A TRC-20 (T…) or ERC-20 (0x…) address." },
  { value: "payment_account", label: "Payment account", wallet: "Account number: 20 digits." },
] as const;

type PaymentSystem = (typeof SYSTEMS)[number]["value"];
const paymentSystemOf = (value: string): PaymentSystem =>
  SYSTEMS.find((s) => s.value === value)?.value ?? "card";

interface PayoutDraft {
  amount: string;
  payment_system: PaymentSystem;
  wallet: string;
  cod: string;
}

/** Payouts: the balance, a new payout confirmed with the authenticator code, and the history. */
export const Payouts = ({ session }: { session: Session }) => {
  const seller = useAnswer(() => session.client.v1.call("GET /seller"), [session]);
  const pages = useCursorPages();
  const cursor = pages.cursor;
  const history = useAnswer(
    () =>
      session.client.v1.call("GET /payout/history", {
        query: { limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
      }),
    [session, cursor],
  );
  const next =
    history.loaded.state === "ready" ? (history.loaded.headers.get("X-Next-Cursor") ?? undefined) : undefined;
  const paid = () => {
    seller.reload();
    pages.first();
    history.reload();
  };
  return (
    <>
      <h1 id="page-title" tabIndex={-1}>
        Payouts
      </h1>
      <BalanceSection id="payout-balance-heading" seller={seller.loaded} />
      <NewPayout session={session} onPaid={paid} />
      <section aria-labelledby="history-heading">
        <h2 id="history-heading">History</h2>
        <AnswerState loaded={history.loaded} />
        {history.loaded.state === "ready" && history.loaded.data.length === 0 ? <p>No payouts yet.</p> : null}
        {history.loaded.state === "ready" && history.loaded.data.length > 0 ? (
          <TableScroll label="Payouts">
            <table aria-label="Payouts">
              <thead>
                <tr>
                  <th scope="col">Payout</th>
                  <th scope="col">Requested</th>
                  <th scope="col">Amount</th>
                  <th scope="col">To</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {history.loaded.data.map((payout) => (
                  <tr key={payout.id_order}>
                    <td>{payout.id_order}</td>
                    <td>
                      {payout.date_create} {payout.time_create}
                    </td>
                    <td>{roubles(payout.amount)}</td>
                    <td>{payout.payment_system}</td>
                    <td>{payout.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ) : null}
        <CursorPager label="Pages of payouts" pages={pages} next={next} />
      </section>
    </>
  );
};

/** A new payout: amount, where to, and the code of the seller's authenticator app. */
const NewPayout = ({ session, onPaid }: { session: Session; onPaid: () => void }) => {
  const [draft, setDraft] = useState<PayoutDraft>({
    amount: "",
    payment_system: "card",
    wallet: "",
    cod: "",
  });
  const [refusal, setRefusal] = useState<{ field: string | undefined; message: string } | undefined>();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();
  const [busy, setBusy] = useState(false);
  const set = (name: Exclude<keyof PayoutDraft, "payment_system">) => (value: string) =>
    setDraft((current) => ({ ...current, [name]: value }));
  const choose = (value: string) =>
    setDraft((current) => ({ ...current, payment_system: paymentSystemOf(value) }));
  const system = SYSTEMS.find((s) => s.value === draft.payment_system) ?? SYSTEMS[0];

  const request = async (event: Event) => {
    event.preventDefault();
    setRefusal(undefined);
    setOutcome(undefined);
    setBusy(true);
    const answer = await sent(() =>
      session.client.v1.call("POST /payout", {
        body: {
          // Not a number is sent as null (JSON's NaN): the API's refusal then shows beside the amount.
          amount: Number(draft.amount.trim()),
          payment_system: draft.payment_system,
          wallet: draft.wallet.trim(),
          cod: draft.cod.trim(),
        },
      }),
    );
    setBusy(false);
    if (answer.ok) {
      setDraft((current) => ({ ...current, amount: "", cod: "" }));
      setOutcome({ ok: true, text: `Payout ${answer.data.id_order} requested.` });
      onPaid();
      return;
    }
    const field = refusedField(answer.error.message);
    if (field && ["amount", "payment_system", "wallet", "cod"].includes(field))
      setRefusal({ field, message: answer.error.message });
    else setOutcome({ ok: false, text: answer.error.message });
  };
  const refusalOf = (field: string) => (refusal?.field === field ? refusal.message : undefined);

  return (
    <section aria-labelledby="new-payout-heading">
      <h2 id="new-payout-heading">New payout</h2>
      <form noValidate onSubmit={request}>
        <FormField
          name="amount"
          label="Amount (RUB)"
          kind="number"
          rule="1,000 to 1,000,000 roubles, at most your balance."
          value={draft.amount}
          onInput={set("amount")}
          refusal={refusalOf("amount")}
        />
        <FormField
          name="payment_system"
          label="Pay to"
          value={draft.payment_system}
          onInput={choose}
          refusal={refusalOf("payment_system")}
        >
          {({ id, describedBy }) => (
            <select
              id={id}
              name="payment_system"
              value={draft.payment_system}
              aria-describedby={describedBy}
              onChange={(event) => choose((event.target as HTMLSelectElement).value)}
            >
              {SYSTEMS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          name="wallet"
          label="Card, wallet or account"
          rule={system.wallet}
          value={draft.wallet}
          onInput={set("wallet")}
          refusal={refusalOf("wallet")}
        />
        <FormField
          name="cod"
          label="Authenticator code"
          rule="The 6-digit code your authenticator app shows now."
          value={draft.cod}
          inputMode="numeric"
          autocomplete="one-time-code"
          onInput={set("cod")}
          refusal={refusalOf("cod")}
        />
        {refusal ? (
          <p class="error" role="alert">
            Not requested: see the field marked above.
          </p>
        ) : null}
        <button type="submit" disabled={busy}>
          {busy ? "Requesting…" : "Request payout"}
        </button>
      </form>
      <Outcome outcome={outcome} />
    </section>
  );
};
