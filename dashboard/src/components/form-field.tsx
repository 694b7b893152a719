import type { ComponentChildren } from "preact";

/** How a field is entered. */
export type FieldKind = "text" | "textarea" | "number" | "url";

/** One field of a form: its label, the rule shown before sending, and the refusal the API gave it. */
export interface FormFieldProps {
  readonly name: string;
  readonly label: string;
  readonly value: string;
  readonly onInput: (value: string) => void;
  /** The rule, shown under the field before anything is sent. */
  readonly rule?: string;
  /** The API's refusal of this field, shown beside it. */
  readonly refusal?: string | undefined;
  readonly kind?: FieldKind;
  readonly required?: boolean;
  readonly autocomplete?: string;
  readonly inputMode?: "numeric" | "text" | "url";
  /** Replaces the input (e.g. a select), given the ids the label and the messages use. */
  readonly children?: (ids: { id: string; describedBy: string | undefined }) => ComponentChildren;
  /** A mark after the label (e.g. that a change sends the product back to moderation) and what it means. */
  readonly badge?: { readonly mark: string; readonly meaning: string } | undefined;
}

/** A labelled field whose rule and refusal are tied to it for assistive technology (aria-describedby). */
export const FormField = (props: FormFieldProps) => {
  const id = `field-${props.name}`;
  const ruleId = props.rule ? `${id}-rule` : undefined;
  const refusalId = props.refusal ? `${id}-refusal` : undefined;
  const badgeId = props.badge ? `${id}-badge` : undefined;
  const describedBy = [refusalId, ruleId, badgeId].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: props.name,
    value: props.value,
    required: props.required,
    "aria-invalid": props.refusal ? ("true" as const) : undefined,
    "aria-describedby": describedBy,
  };
  const onInput = (event: Event) =>
    props.onInput((event.target as HTMLInputElement | HTMLTextAreaElement).value);
  return (
    <div class={props.refusal ? "field refused" : "field"}>
      {props.badge ? (
        // The mark stays out of the label, so the field's name is its label alone; assistive technology
        // reads the mark's meaning with the field's description.
        <div class="label-row">
          <label for={id}>{props.label}</label>
          <span id={badgeId} class="badge">
            {props.badge.mark}
            <span class="visually-hidden">: {props.badge.meaning}</span>
          </span>
        </div>
      ) : (
        <label for={id}>{props.label}</label>
      )}
      {props.children ? (
        props.children({ id, describedBy })
      ) : props.kind === "textarea" ? (
        <textarea {...common} rows={4} onInput={onInput} />
      ) : (
        <input
          {...common}
          // Numbers and URLs are typed as text (with the keyboard for them): a number input drops what is
          // not a number before the form can say so, and the API's own rule, not the browser's, decides.
          type="text"
          inputMode={props.kind === "number" ? "numeric" : props.kind === "url" ? "url" : props.inputMode}
          autocomplete={props.autocomplete ?? "off"}
          onInput={onInput}
        />
      )}
      {props.refusal ? (
        <p id={refusalId} class="error">
          {props.refusal}
        </p>
      ) : null}
      {props.rule ? (
        <p id={ruleId} class="hint">
          {props.rule}
        </p>
      ) : null}
    </div>
  );
};
