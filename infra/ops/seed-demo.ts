import { generateURI } from "otplib";
import type { AccountRecord } from "../../shared/accounts/account.js";
import type { CreatedAccount } from "../../shared/accounts/account-service.js";
import type { Category } from "../../shared/categories/category.js";
import { DomainError } from "../../shared/errors/domain-error.js";
import { accountService, accountStore, categoryService } from "../../shared/runtime/dependencies.js";
import { dataKey } from "../../shared/runtime/service-keys.js";
import { open } from "../../shared/secrets/sealed-box.js";

/** Demo categories; 7001 starts with 700, so Reseller API v2 refuses it. */
const DEMO_CATEGORIES = [
  { id: 101, name: "Game keys", slug: "game-keys" },
  { id: 102, name: "Software licences", slug: "software-licences" },
  { id: 103, name: "Accounts and subscriptions", slug: "accounts-subscriptions" },
  { id: 7001, name: "Gift cards", slug: "gift-cards" },
];

/** The demo accounts, found again by name and e-mail together (no one else's account has both). */
const DEMO_ACCOUNTS = {
  seller: { name: "Demo Seller", email: "seller@example.com" },
  reseller: { name: "Demo Reseller", email: "reseller@example.com" },
} as const;

/** The issuer `account create` labels authenticator entries with (shared/accounts/authenticator-enrolment.ts). */
const TOTP_ISSUER = "Marketplace";

/** What `seed-demo` prints, the same on every run. */
export interface SeededDemo {
  readonly categories: Category[];
  readonly seller: CreatedAccount;
  readonly reseller: CreatedAccount;
}

const BATCH = 100;

/**
 * The lowest-numbered account with this name and e-mail, walked by seller id in batches of BatchGet
 * (no table scan): seeding happens on demo and test stacks, where sellers number in the hundreds.
 */
const findAccount = async (name: string, email: string): Promise<AccountRecord | undefined> => {
  const store = accountStore();
  const highest = await store.highestSellerId();
  for (let first = 1; first <= highest; first += BATCH) {
    const ids = Array.from({ length: Math.min(BATCH, highest - first + 1) }, (_, i) => first + i);
    const found = await store.findMany(ids);
    const match = ids.map((id) => found.get(id)).find((a) => a?.name === name && a.email === email);
    if (match) return match;
  }
  return undefined;
};

/**
 * An existing account's credentials as `account create` printed them: GET /seller opens the sealed API
 * key the same way, and the authenticator secret is sealed beside it. A rotated key or secret shows as
 * it is now.
 */
const credentialsOf = async (account: AccountRecord): Promise<CreatedAccount> => {
  const key = await dataKey();
  const totpSecret = open(key, account.totp_secret_sealed);
  return {
    seller_id: account.account_id,
    api_key: open(key, account.api_key_sealed),
    totp_secret: totpSecret,
    otpauth_url: generateURI({
      issuer: TOTP_ISSUER,
      label: `${account.name} (${account.email})`,
      secret: totpSecret,
    }),
    // An account made before #23 has no signing secret: "" until its first rotation.
    webhook_secret:
      account.webhook_secret_sealed === undefined ? "" : open(key, account.webhook_secret_sealed),
  };
};

const demoAccount = async ({ name, email }: { name: string; email: string }): Promise<CreatedAccount> => {
  const existing = await findAccount(name, email);
  return existing ? credentialsOf(existing) : accountService().create({ name, email });
};

/** `seed-demo`: the demo categories and accounts, created once; later runs create nothing and print the same. */
export const seedDemo = async (): Promise<SeededDemo> => {
  const categories: Category[] = [];
  for (const input of DEMO_CATEGORIES) {
    try {
      categories.push(await categoryService().create(input));
    } catch (error) {
      if (!(error instanceof DomainError && error.kind === "conflict")) throw error;
      categories.push({ ...input, status: "active" });
    }
  }
  return {
    categories,
    seller: await demoAccount(DEMO_ACCOUNTS.seller),
    reseller: await demoAccount(DEMO_ACCOUNTS.reseller),
  };
};
