import { useCallback, useEffect, useRef, useState } from "preact/hooks";

/** What the dashboard says when the marketplace does not answer (a network failure or a 5xx). */
export const NO_ANSWER = "The marketplace did not answer. Try again in a moment.";

/** An answer of the typed client, as the dashboard reads it: the data, or the refusal's message. */
export type ClientAnswer<T> =
  | { readonly ok: true; readonly data: T; readonly headers: Headers }
  | { readonly ok: false; readonly status: number; readonly error: { readonly message: string } };

/** A read the page shows: still loading, refused (with the message to show), or ready. */
export type Loaded<T> =
  | { readonly state: "loading" }
  | { readonly state: "failed"; readonly message: string }
  | { readonly state: "ready"; readonly data: T; readonly headers: Headers };

/**
 * Reads with `load` whenever `deps` change (and when `reload` is called), dropping an answer that
 * arrives after a newer read began, so a slow answer never overwrites what the seller asked for since.
 */
export const useAnswer = <T>(
  load: () => Promise<ClientAnswer<T>>,
  deps: readonly unknown[],
): { loaded: Loaded<T>; reload: () => void } => {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: "loading" });
  const [round, setRound] = useState(0);
  // What the shown data was read for: a reload of the same read keeps it on screen until the new answer,
  // a read of something else (another page, another product) shows "Loading…" instead of old rows.
  const readFor = useRef<readonly unknown[]>([]);
  useEffect(() => {
    let current = true;
    const same = deps.length === readFor.current.length && deps.every((dep, i) => dep === readFor.current[i]);
    readFor.current = deps;
    setLoaded((before) => (before.state === "ready" && same ? before : { state: "loading" }));
    load().then(
      (answer) => {
        if (!current) return;
        setLoaded(
          answer.ok
            ? { state: "ready", data: answer.data, headers: answer.headers }
            : { state: "failed", message: answer.error.message },
        );
      },
      () => current && setLoaded({ state: "failed", message: NO_ANSWER }),
    );
    return () => {
      current = false;
    };
  }, [...deps, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { loaded, reload };
};

/** Sends a change and reports its outcome: the answer's data, or the message to show. */
export const sent = async <T>(send: () => Promise<ClientAnswer<T>>): Promise<ClientAnswer<T>> => {
  try {
    return await send();
  } catch {
    return { ok: false, status: 0, error: { message: NO_ANSWER } };
  }
};
