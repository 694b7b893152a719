import type { Browser, Page } from "playwright-core";
import { BROWSER_GUARD_MS } from "./headless-chromium.js";
import { workerStack } from "./worker-stack.js";

/** Widths the dashboard is used at: a desktop and a phone. */
export const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

/** A dashboard page that records every request outside the gateway's origin and every console or page error. */
export const watchedPage = async (browser: Browser, viewport: { width: number; height: number }) => {
  const origin = new URL(workerStack().gatewayUrl).origin;
  const page: Page = await browser.newPage({ viewport });
  page.setDefaultTimeout(BROWSER_GUARD_MS);
  const elsewhere: string[] = [];
  const problems: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).origin !== origin) elsewhere.push(r.url());
  });
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return { page, elsewhere, problems };
};

/** Opens the dashboard and signs in with `apiKey`, as a seller does; resolves once the overview shows. */
export const signedIn = async (page: Page, apiKey: string): Promise<void> => {
  await page.goto(`${workerStack().gatewayUrl}/dashboard/`);
  await page.getByLabel("API key").fill(apiKey);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Overview" }).waitFor();
};

/** Whether the page scrolls sideways at its width (a phone layout must not). */
export const overflowsWidth = async (page: Page, width: number): Promise<boolean> =>
  Number(await page.evaluate("document.documentElement.scrollWidth")) > width;
