import {
  createMarketplaceClient,
  type MarketplaceClient,
  type VersionClient,
} from "../../shared/client/marketplace-client.js";

/** What the dashboard shows of the signed-in seller everywhere. */
export interface Seller {
  readonly name: string;
  readonly balance: number;
}

/**
 * A signed-in seller: the client, which holds the API key in this tab's memory only (it renews the
 * token with it, so an expired token never interrupts the seller), and the seller read with it.
 */
export interface Session {
  readonly client: MarketplaceClient;
  readonly seller: Seller;
}

/** The API is the dashboard's own origin (the gateway locally, CloudFront in AWS). */
const API_ORIGIN = window.location.origin;

/** Signs in with an API key: the client exchanges it for a token and reads the seller with it; or why not. */
export const signIn = async (apiKey: string): Promise<Session | string> => {
  const client = createMarketplaceClient({ baseUrl: API_ORIGIN, apiKey });
  const answer = await client.v1.call("GET /seller");
  if (!answer.ok) return answer.status === 401 ? "The API key was not accepted." : answer.error.message;
  return { client, seller: { name: answer.data.name, balance: answer.data.balance } };
};

/** The session whose v1 calls end it (`onRefused`) when the API answers 401 even to a renewed token. */
export const endingOnRefusal = (session: Session, onRefused: () => void): Session => {
  const v1 = session.client.v1;
  const call = (async (...args: Parameters<VersionClient<"v1">["call"]>) => {
    const answer = await v1.call(...args);
    if (!answer.ok && answer.status === 401) onRefused();
    return answer;
  }) as VersionClient<"v1">["call"];
  return { ...session, client: { ...session.client, v1: { call } } };
};
