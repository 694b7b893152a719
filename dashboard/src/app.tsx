import { useEffect, useRef, useState } from "preact/hooks";
import { NewProduct } from "./pages/new-product.js";
import { OrderPage } from "./pages/order-page.js";
import { Orders } from "./pages/orders.js";
import { Overview } from "./pages/overview.js";
import { Payouts } from "./pages/payouts.js";
import { ProductPage } from "./pages/product-page.js";
import { Products } from "./pages/products.js";
import { Profile } from "./pages/profile.js";
import { SignIn } from "./pages/sign-in.js";
import { type Route, routeOf, SECTIONS, sectionOf } from "./routes.js";
import { endingOnRefusal, type Seller, type Session } from "./session.js";

/** The page the address names, following the seller's navigation. */
const useRoute = (): Route => {
  const [route, setRoute] = useState(routeOf(window.location.hash));
  useEffect(() => {
    const follow = () => setRoute(routeOf(window.location.hash));
    window.addEventListener("hashchange", follow);
    // The address may have changed between the first render and this effect, whose listener missed it.
    follow();
    return () => window.removeEventListener("hashchange", follow);
  }, []);
  return route;
};

/** The page of a route. */
const PageOf = ({
  route,
  session,
  onSeller,
}: {
  route: Route;
  session: Session;
  onSeller: (seller: Seller) => void;
}) => {
  switch (route.page) {
    case "products":
      return <Products session={session} />;
    case "new-product":
      return <NewProduct session={session} />;
    case "product":
      return <ProductPage key={route.id} session={session} id={route.id} />;
    case "orders":
      return <Orders session={session} />;
    case "order":
      return <OrderPage key={route.id} session={session} id={route.id} />;
    case "profile":
      return <Profile session={session} onSeller={onSeller} />;
    case "payouts":
      return <Payouts session={session} />;
    default:
      return <Overview session={session} />;
  }
};

/** The signed-in dashboard: the store's name, the navigation and the current page. */
const Dashboard = ({
  session,
  onSignOut,
  onSeller,
}: {
  session: Session;
  onSignOut: () => void;
  onSeller: (seller: Seller) => void;
}) => {
  const route = useRoute();
  const section = sectionOf(route);
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  // After a move to another page, focus its heading, so keyboard and screen reader users start there.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.querySelector<HTMLElement>("h1")?.focus();
  }, [route]);
  return (
    <>
      <header class="bar">
        <p class="store">{session.seller.name}</p>
        <nav aria-label="Dashboard">
          <ul>
            {SECTIONS.map((entry) => (
              <li key={entry.hash}>
                <a href={entry.hash} aria-current={entry.hash === section ? "page" : undefined}>
                  {entry.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <button type="button" class="secondary" onClick={onSignOut}>
          Sign out
        </button>
      </header>
      <main ref={main}>
        <PageOf route={route} session={session} onSeller={onSeller} />
      </main>
    </>
  );
};

/** What the sign-in page says when the API stopped taking the key (revoked or blocked) mid-session. */
const SESSION_ENDED = "The marketplace no longer accepts this API key. Sign in again.";

/**
 * The dashboard: the sign-in page until a seller signs in, then their dashboard. The client renews an
 * expiring token with the key itself; only a 401 after that (the key revoked) ends the session, and the
 * sign-in page says why instead of pages failing one by one.
 */
export const App = () => {
  const [session, setSession] = useState<Session | undefined>(undefined);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  // The client of the session on screen: a late 401 of a session already left must not end the next one.
  const live = useRef<Session["client"] | undefined>(undefined);
  const signedIn = (started: Session) => {
    setNotice(undefined);
    const session = endingOnRefusal(started, () => {
      if (live.current !== session.client) return;
      live.current = undefined;
      setSession(undefined);
      setNotice(SESSION_ENDED);
    });
    live.current = session.client;
    setSession(session);
  };
  return session ? (
    <Dashboard
      session={session}
      onSignOut={() => {
        live.current = undefined;
        setSession(undefined);
      }}
      onSeller={(seller) => setSession((current) => current && { ...current, seller })}
    />
  ) : (
    <SignIn onSignedIn={signedIn} notice={notice} />
  );
};
