import { useEffect, useState } from "preact/hooks";
import { type ClientAnswer, sent } from "../answers.js";
import { Outcome } from "../components/answer-state.js";

/** The image types the API takes (POST /api/v1/products/img and /seller/img), offered by the file picker. */
const IMAGE_TYPES = "image/png,image/jpeg,image/webp,image/gif";

/** A preview of a chosen file: an object URL, revoked when the file changes or the panel goes. */
const usePreview = (file: File | undefined): string | undefined => {
  const [url, setUrl] = useState<string | undefined>();
  useEffect(() => {
    if (!file) {
      setUrl(undefined);
      return;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
};

/** What an image panel says and shows; the sending is the caller's (product image or store avatar). */
export interface ImageUploadProps {
  /** The panel's name, e.g. `image`: its heading, field and rule ids derive from it. */
  readonly name: string;
  readonly heading: string;
  /** The current image, if there is one. */
  readonly current: { readonly src: string; readonly alt: string; readonly caption: string } | undefined;
  /** What shows when there is no image yet. */
  readonly none: string;
  readonly previewAlt: string;
  readonly label: string;
  readonly rule: string;
  readonly button: string;
  readonly size: number;
  readonly send: (file: File) => Promise<ClientAnswer<{ readonly message: string }>>;
  readonly onChange: () => void;
}

/** An image, and uploading a new one with a preview of the chosen file before it is sent. */
export const ImageUpload = (props: ImageUploadProps) => {
  const [file, setFile] = useState<File | undefined>();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();
  const [busy, setBusy] = useState(false);
  const preview = usePreview(file);
  const ids = { heading: `${props.name}-heading`, field: `${props.name}-file`, rule: `${props.name}-rule` };
  const upload = async (event: Event) => {
    event.preventDefault();
    if (!file) {
      setOutcome({ ok: false, text: "Choose an image file first." });
      return;
    }
    setBusy(true);
    const answer = await sent(() => props.send(file));
    setBusy(false);
    setOutcome(
      answer.ok ? { ok: true, text: answer.data.message } : { ok: false, text: answer.error.message },
    );
    if (answer.ok) {
      setFile(undefined);
      props.onChange();
    }
  };
  return (
    <section aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{props.heading}</h2>
      <div class="images">
        {props.current ? (
          <figure>
            <img src={props.current.src} alt={props.current.alt} width={props.size} height={props.size} />
            <figcaption>{props.current.caption}</figcaption>
          </figure>
        ) : (
          <p class="hint">{props.none}</p>
        )}
        {preview ? (
          <figure>
            <img src={preview} alt={props.previewAlt} width={props.size} height={props.size} />
            <figcaption>Preview, not yet uploaded</figcaption>
          </figure>
        ) : null}
      </div>
      <form onSubmit={upload}>
        <label for={ids.field}>{props.label}</label>
        <input
          id={ids.field}
          type="file"
          accept={IMAGE_TYPES}
          aria-describedby={ids.rule}
          onChange={(event) => setFile((event.target as HTMLInputElement).files?.[0])}
        />
        <p id={ids.rule} class="hint">
          {props.rule}
        </p>
        <button type="submit" disabled={busy}>
          {busy ? "Uploading…" : props.button}
        </button>
      </form>
      <Outcome outcome={outcome} />
    </section>
  );
};
