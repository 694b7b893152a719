import { useState } from "preact/hooks";
import { NO_ANSWER } from "../answers.js";
import { type Session, signIn } from "../session.js";

/** The sign-in page: the API key, sent only to the token exchange. */
export const SignIn = ({
  onSignedIn,
  notice,
}: {
  onSignedIn: (session: Session) => void;
  /** Why the seller is asked to sign in again, if a session ended. */
  notice?: string | undefined;
}) => {
  const [apiKey, setApiKey] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const outcome = await signIn(apiKey.trim());
      if (typeof outcome === "string") setError(outcome);
      else onSignedIn(outcome);
    } catch {
      setError(NO_ANSWER);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="narrow">
      <h1>Seller dashboard</h1>
      {notice ? (
        <p class="notice" role="alert">
          {notice}
        </p>
      ) : null}
      <form onSubmit={submit} aria-describedby={error ? "sign-in-error" : undefined}>
        <label for="api-key">API key</label>
        <input
          id="api-key"
          name="api-key"
          type="password"
          autocomplete="off"
          required
          value={apiKey}
          onInput={(event) => setApiKey((event.target as HTMLInputElement).value)}
        />
        <p class="hint">
          The key is sent only to exchange it for a token, and kept in this tab until you close it.
        </p>
        {error ? (
          <p id="sign-in-error" class="error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </form>
    </main>
  );
};
