import type { Page } from "playwright-core";
import { request } from "./http.js";

/** What a field of a dashboard form shows of the API's refusal, as assistive technology reads it. */
export interface FieldRefusal {
  /** The field's aria-invalid ("true" when refused, null otherwise). */
  readonly invalid: string | null;
  /** The `.error` paragraph in the field's own box that its aria-describedby names; null when none. */
  readonly refusal: string | null;
}

/** The little of a DOM element the checks run in the page read (the tests compile without the DOM's types). */
interface PageElement {
  readonly textContent: string | null;
  readonly classList: { contains(name: string): boolean };
  readonly ownerDocument: { getElementById(id: string): PageElement | null };
  getAttribute(name: string): string | null;
  closest(selector: string): PageElement | null;
  contains(other: PageElement): boolean;
}

/**
 * The refusal shown beside the field labelled `label` (exactly): only a message both inside the field's
 * box and tied to it by aria-describedby counts, so a message elsewhere on the page, or one a screen
 * reader would not announce with the field, reads as none.
 */
export const refusalBeside = (page: Page, label: string): Promise<FieldRefusal> =>
  page.getByLabel(label, { exact: true }).evaluate((field: PageElement) => {
    const ids = (field.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
    const box = field.closest(".field");
    const tied = ids
      .map((id) => field.ownerDocument.getElementById(id))
      .find((element) => element?.classList.contains("error") && box?.contains(element));
    return { invalid: field.getAttribute("aria-invalid"), refusal: tied?.textContent ?? null };
  });

/** The line Chromium logs as a console error for every 4xx or 5xx answer a page's fetch receives. */
const FAILED_LOAD = /^Failed to load resource: the server responded with a status of (\d{3}) \(/;

/**
 * The console errors left once the browser's own "Failed to load resource" lines for answers with
 * `statuses` are set aside: a test that provokes a refusal on purpose expects exactly those, and no other.
 */
export const besidesProvoked = (problems: readonly string[], statuses: readonly number[]): string[] =>
  problems.filter((line) => !statuses.includes(Number(FAILED_LOAD.exec(line)?.[1])));

/** The seller record GET /api/v1/seller answers now (fields the dashboard tests read). */
export interface StoredSeller {
  readonly name: string;
  readonly description: string;
  readonly api_url: string;
  readonly img: string;
  readonly balance: number;
}

/** GET /api/v1/seller with a v1 token: what the API holds, read beside the page; fails unless it answers 200. */
export const storedSeller = async (v1Token: string): Promise<StoredSeller> => {
  const response = await request("GET", "/api/v1/seller", {
    headers: { Authorization: `Bearer ${v1Token}` },
  });
  if (response.status !== 200) throw new Error(`GET /seller failed: ${response.status} ${response.text}`);
  return (response.body as { data: StoredSeller }).data;
};
