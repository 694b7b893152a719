import { useEffect, useState } from "preact/hooks";
import { Overview } from "./pages/overview.js";
import { Products } from "./pages/products.js";
import { SignIn } from "./pages/sign-in.js";
import type { Session } from "./session.js";

/** The dashboard's pages, by the hash of the address (so a reload stays on the page). */
const PAGES = [
  { hash: "#/", title: "Overview" },
  { hash: "#/products", title: "Products" },
] as const;
type PageHash = (typeof PAGES)[number]["hash"];

const pageOf = (hash: string): PageHash => PAGES.find((page) => page.hash === hash)?.hash ?? "#/";

/** The page the address names, following the seller's navigation. */
const useCurrentPage = (): PageHash => {
  const [page, setPage] = useState(pageOf(window.location.hash));
  useEffect(() => {
    const follow = () => setPage(pageOf(window.location.hash));
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, []);
  return page;
};

/** The signed-in dashboard: the store's name, the navigation and the current page. */
const Dashboard = ({ session, onSignOut }: { session: Session; onSignOut: () => void }) => {
  const page = useCurrentPage();
  return (
    <>
      <header class="bar">
        <p class="store">{session.seller.name}</p>
        <nav aria-label="Dashboard">
          <ul>
            {PAGES.map((entry) => (
              <li key={entry.hash}>
                <a href={entry.hash} aria-current={entry.hash === page ? "page" : undefined}>
                  {entry.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <button type="button" onClick={onSignOut}>
          Sign out
        </button>
      </header>
      <main>
        <h1 id="page-title">{PAGES.find((entry) => entry.hash === page)?.title}</h1>
        {page === "#/products" ? <Products session={session} /> : <Overview session={session} />}
      </main>
    </>
  );
};

/** The dashboard: the sign-in page until a seller signs in, then their dashboard. */
export const App = () => {
  const [session, setSession] = useState<Session | undefined>(undefined);
  return session ? (
    <Dashboard session={session} onSignOut={() => setSession(undefined)} />
  ) : (
    <SignIn onSignedIn={setSession} />
  );
};
