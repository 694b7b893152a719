import { useState } from "preact/hooks";
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
  readonly onSubmit: (draft: ProductDraft) => Promise<FormOutcome>;
}) => {
  const [draft, setDraft] = useState<ProductDraft>(props.initial);
  const [refusal, setRefusal] = useState<{ field: string | undefined; message: string } | undefined>();
  const [done, setDone] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const set = (name: ProductFieldName) => (value: string) => setDraft({ ...draft, [name]: value });

  const submit = async (event: Event) => {
    event.preventDefault();
    setDone(undefined);
    setBusy(true);
    setRefusal(undefined);
    const outcome = await props.onSubmit(draft);
    setBusy(false);
    if (outcome.ok) setDone(outcome.text);
    else {
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
