import { render } from "preact";
import { useState } from "preact/hooks";
import { createMarketplaceClient, type MarketplaceClient } from "../../shared/client/marketplace-client.js";

/** What the overview shows of the signed-in seller. */
interface Seller {
  readonly name: string;
  readonly balance: number;
}

/** A signed-in seller: the client holding the key (in this tab's memory only) and the seller read with it. */
interface Session {
  readonly client: MarketplaceClient;
  readonly seller: Seller;
}

/** The API is the dashboard's own origin (the gateway locally, CloudFront in AWS). */
const API_ORIGIN = window.location.origin;

/** Signs in with an API key: the client exchanges it for a token and reads the seller with it. */
const signIn = async (apiKey: string): Promise<Session | string> => {
  const client = createMarketplaceClient({ baseUrl: API_ORIGIN, apiKey });
  const answer = await client.v1.call("GET /seller");
  if (!answer.ok) return answer.status === 401 ? "The API key was not accepted." : answer.error.message;
  return { client, seller: { name: answer.data.name, balance: answer.data.balance } };
};

const SignIn = ({ onSignedIn }: { onSignedIn: (session: Session) => void }) => {
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
      setError("The marketplace did not answer. Try again in a moment.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="narrow">
      <h1>Seller dashboard</h1>
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

const Overview = ({ session, onSignOut }: { session: Session; onSignOut: () => void }) => (
  <main>
    <header class="bar">
      <h1>{session.seller.name}</h1>
      <button type="button" onClick={onSignOut}>
        Sign out
      </button>
    </header>
    <section aria-labelledby="balance-heading">
      <h2 id="balance-heading">Balance</h2>
      <p class="figure">{session.seller.balance.toLocaleString("en-US")} RUB</p>
    </section>
  </main>
);

const App = () => {
  const [session, setSession] = useState<Session | undefined>(undefined);
  return session ? (
    <Overview session={session} onSignOut={() => setSession(undefined)} />
  ) : (
    <SignIn onSignedIn={setSession} />
  );
};

const root = document.getElementById("app");
if (root) render(<App />, root);
