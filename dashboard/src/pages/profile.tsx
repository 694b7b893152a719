import { useEffect, useState } from "preact/hooks";
import { sent, useAnswer } from "../answers.js";
import { AnswerState, Outcome } from "../components/answer-state.js";
import { FormField } from "../components/form-field.js";
import { ImageUpload } from "../panels/image-upload.js";
import { SigningSecret } from "../panels/signing-secret.js";
import { WebhookEvents } from "../panels/webhook-events.js";
import { refusedField } from "../refusal-field.js";
import type { Seller, Session } from "../session.js";

/** The profile fields POST /api/v1/seller/profile takes, with the spec's rules. */
const FIELDS = [
  { name: "name", label: "Store name", rule: "3 to 100 characters, no HTML.", kind: "text" },
  {
    name: "description",
    label: "Description",
    rule: "10 to 1,000 characters; HTML tags are removed.",
    kind: "textarea",
  },
  {
    name: "api_url",
    label: "API URL (webhook target)",
    rule: "The https URL the marketplace sends each paid order's webhook to.",
    kind: "url",
  },
] as const;
type ProfileField = (typeof FIELDS)[number]["name"];
type ProfileDraft = Record<ProfileField, string>;

/**
 * The store's profile: name, description and webhook URL, the avatar, a signed test webhook, the events
 * sent beside the payment webhook and the signing secret.
 */
export const Profile = ({ session, onSeller }: { session: Session; onSeller: (seller: Seller) => void }) => {
  const { loaded, reload } = useAnswer(() => session.client.v1.call("GET /seller"), [session.client]);
  // A saved name shows in the header at once.
  useEffect(() => {
    if (loaded.state === "ready" && loaded.data.name !== session.seller.name)
      onSeller({ name: loaded.data.name, balance: loaded.data.balance });
  }, [loaded, session.seller.name, onSeller]);
  return (
    <>
      <h1 id="page-title" tabIndex={-1}>
        Profile
      </h1>
      <AnswerState loaded={loaded} />
      {loaded.state === "ready" ? (
        <>
          <dl class="facts" aria-label="Store">
            <div>
              <dt>Seller id</dt>
              <dd>{loaded.data.id}</dd>
            </div>
            <div>
              <dt>Registered</dt>
              <dd>{loaded.data.data_create}</dd>
            </div>
            <div>
              <dt>Rating</dt>
              <dd>{loaded.data.rating}</dd>
            </div>
          </dl>
          <ProfileForm
            session={session}
            initial={{
              name: loaded.data.name,
              description: loaded.data.description,
              api_url: loaded.data.api_url,
            }}
            onSaved={reload}
          />
          <Avatar session={session} img={loaded.data.img} onChange={reload} />
          <TestWebhook session={session} apiUrl={loaded.data.api_url} />
          <WebhookEvents session={session} />
          <SigningSecret session={session} />
        </>
      ) : null}
    </>
  );
};

/** The profile form: only the changed fields are sent; a refusal shows beside the field it names. */
const ProfileForm = (props: { session: Session; initial: ProfileDraft; onSaved: () => void }) => {
  const [draft, setDraft] = useState<ProfileDraft>(props.initial);
  const [refusal, setRefusal] = useState<{ field: string | undefined; message: string } | undefined>();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();
  const save = async (event: Event) => {
    event.preventDefault();
    setRefusal(undefined);
    setOutcome(undefined);
    const body = Object.fromEntries(
      FIELDS.filter((field) => draft[field.name] !== props.initial[field.name]).map((field) => [
        field.name,
        draft[field.name],
      ]),
    );
    const answer = await sent(() => props.session.client.v1.call("POST /seller/profile", { body }));
    if (answer.ok) {
      // What the API stored (it strips HTML from the description), so the next save compares with it.
      setDraft({
        name: answer.data.name,
        description: answer.data.description,
        api_url: answer.data.api_url,
      });
      setOutcome({ ok: true, text: "Profile saved." });
      props.onSaved();
      return;
    }
    const field = refusedField(answer.error.message);
    if (FIELDS.some((f) => f.name === field)) setRefusal({ field, message: answer.error.message });
    else setOutcome({ ok: false, text: answer.error.message });
  };
  return (
    <section aria-labelledby="profile-heading">
      <h2 id="profile-heading">Store profile</h2>
      <form noValidate onSubmit={save}>
        {FIELDS.map((field) => (
          <FormField
            key={field.name}
            name={field.name}
            label={field.label}
            rule={field.rule}
            kind={field.kind}
            value={draft[field.name]}
            onInput={(value) => setDraft((current) => ({ ...current, [field.name]: value }))}
            refusal={refusal?.field === field.name ? refusal.message : undefined}
          />
        ))}
        {refusal ? (
          <p class="error" role="alert">
            Not saved: see the field marked above.
          </p>
        ) : null}
        <button type="submit">Save profile</button>
      </form>
      <Outcome outcome={outcome} />
    </section>
  );
};

/** The store's public avatar and uploading a new one. */
const Avatar = (props: { session: Session; img: string; onChange: () => void }) => (
  <ImageUpload
    name="avatar"
    heading="Avatar"
    current={
      props.img ? { src: props.img, alt: "Current store avatar", caption: "Current avatar" } : undefined
    }
    none="No avatar yet."
    previewAlt="Preview of the chosen avatar"
    label="New avatar"
    rule="PNG, JPEG, WebP or GIF, up to 4 MB. It becomes your public store avatar."
    button="Upload avatar"
    size={120}
    send={(img) => props.session.client.v1.call("POST /seller/img", { form: { img } })}
    onChange={props.onChange}
  />
);

/** Sends a signed sample webhook to the api_url and shows how the call went. */
const TestWebhook = ({ session, apiUrl }: { session: Session; apiUrl: string }) => {
  const [result, setResult] = useState<{ ok: boolean; text: string } | undefined>();
  const [busy, setBusy] = useState(false);
  const test = async () => {
    setBusy(true);
    const answer = await sent(() => session.client.v1.call("POST /seller/webhook-test"));
    setBusy(false);
    if (!answer.ok) {
      setResult({ ok: false, text: answer.error.message });
      return;
    }
    const { outcome, target, http_status, error, duration_ms } = answer.data;
    const status = http_status === null ? "no HTTP answer" : `HTTP ${http_status}`;
    setResult({
      ok: outcome === "delivered",
      text: `${outcome === "delivered" ? "Delivered" : outcome === "refused" ? "Refused" : "Failed"}: ${target} answered ${status} in ${duration_ms} ms${error ? ` (${error})` : ""}.`,
    });
  };
  return (
    <section aria-labelledby="test-webhook-heading">
      <h2 id="test-webhook-heading">Test webhook</h2>
      <p class="hint">
        {apiUrl
          ? "Sends a signed sample of the payment webhook (header X-Webhook-Test: 1) to your API URL, once."
          : "Set an API URL above first: the test webhook goes there."}
      </p>
      <button type="button" onClick={test} disabled={busy}>
        {busy ? "Sending…" : "Send test webhook"}
      </button>
      <Outcome outcome={result} />
    </section>
  );
};
