import { useEffect, useState } from "preact/hooks";
import { FormField } from "../components/form-field.js";
import type { ProductDraft, ProductFieldName, ProductFormField } from "../product-form.js";
import { refusedField } from "../refusal-field.js";

/** A category the form offers, as GET /api/v1/products/categories answers it. */
export interface CategoryChoice {
  readonly id: number;
  readonly name: string;
}

/** What sending the form came to: done (with what to say), or the API's refusal. */
export type FormOutcome =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly message: string };

/** The mark of a field whose change sends an approved product back to moderation. */
const MODERATED = {
  mark: "moderated",
  meaning: "changing it sends an approved product back to moderation",
} as const;

/**
 * The product form of both create and edit: each field with its rule shown before sending, and the
 * API's refusal shown beside the field it names (or above the button when it names none).
 */
export const ProductForm = (props: {
  readonly fields: readonly ProductFormField[];
  readonly initial: ProductDraft;
  readonly categories: readonly CategoryChoice[];
  readonly submitLabel: string;
  /** Whether to mark the fields whose change sends the product back to moderation. */
  readonly markModerated: boolean;
  /** Sends the form: the whole draft, and the fields the seller edited since the last save. */
  readonly onSubmit: (draft: ProductDraft, edited: ReadonlySet<ProductFieldName>) => Promise<FormOutcome>;
}) => {
  const [draft, setDraft] = useState<ProductDraft>(props.initial);
  // The fields the seller typed in since the last save: only those are theirs to send. The others follow
  // the product as read, so a sale, a code upload or an operator's change never comes back as an edit.
  const [edited, setEdited] = useState<ReadonlySet<ProductFieldName>>(new Set());
  const [refusal, setRefusal] = useState<{ field: string | undefined; message: string } | undefined>();
  const [done, setDone] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const set = (name: ProductFieldName) => (value: string) => {
    setDraft((current) => ({ ...current, [name]: value }));
    setEdited((current) => new Set(current).add(name));
  };
  useEffect(() => {
    setDraft((current) => {
      const next = { ...props.initial };
      for (const name of edited) next[name] = current[name];
      return next;
    });
    // Only new stored values refresh the fields (compared by value: the page builds them on every render);
    // an edit must not reset the others.
  }, [JSON.stringify(props.initial)]);

  const submit = async (event: Event) => {
    event.preventDefault();
    setDone(undefined);
    setBusy(true);
    setRefusal(undefined);
    const outcome = await props.onSubmit(draft, edited);
    setBusy(false);
    if (outcome.ok) {
      setEdited(new Set());
      setDone(outcome.text);
    } else {
      const field = refusedField(outcome.message);
      setRefusal({
        field: props.fields.some((f) => f.name === field) ? field : undefined,
        message: outcome.message,
      });
    }
  };

  return (
    <form class="product-form" noValidate onSubmit={submit}>
      {props.markModerated ? (
        <p class="hint">
          Fields marked <span class="badge">moderated</span> send an approved product back to moderation when
          changed; price, stock, discount and the API URL do not.
        </p>
      ) : null}
      {props.fields.map((field) => (
        <FormField
          key={field.name}
          name={field.name}
          label={field.required ? field.label : `${field.label} (optional)`}
          rule={field.rule}
          kind={field.kind}
          value={draft[field.name]}
          onInput={set(field.name)}
          refusal={refusal?.field === field.name ? refusal.message : undefined}
          badge={props.markModerated && field.moderated ? MODERATED : undefined}
        >
          {field.name === "id_categories"
            ? ({ id, describedBy }) => (
                <select
                  id={id}
                  name={field.name}
                  value={draft.id_categories}
                  aria-describedby={describedBy}
                  aria-invalid={refusal?.field === field.name ? "true" : undefined}
                  onChange={(event) => set("id_categories")((event.target as HTMLSelectElement).value)}
                >
                  <option value="">Choose a category</option>
                  {props.categories.map((category) => (
                    <option key={category.id} value={String(category.id)}>
                      {category.name}
                    </option>
                  ))}
                </select>
              )
            : undefined}
        </FormField>
      ))}
      {refusal && refusal.field === undefined ? (
        <p class="error" role="alert">
          {refusal.message}
        </p>
      ) : null}
      {refusal?.field !== undefined ? (
        <p class="error" role="alert">
          Not saved: see the field marked above.
        </p>
      ) : null}
      {done ? (
        <p class="done" role="status">
          {done}
        </p>
      ) : null}
      <button type="submit" disabled={busy}>
        {busy ? "Saving…" : props.submitLabel}
      </button>
    </form>
  );
};
