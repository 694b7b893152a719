import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { breakAnswers } from "./broken-answers.js";
import { BROWSER_GUARD_MS, launchChromium } from "./headless-chromium.js";
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
  await breakAnswers(page);
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

/**
 * What makes the page wider than `width`: each element whose right edge passes it outside a box that
 * scrolls by itself, as `tag.class "text"`; empty when nothing does. A failing test then names the culprit.
 */
export const widerThan = async (page: Page, width: number): Promise<string[]> => {
  if (!(await overflowsWidth(page, width))) return [];
  // A string: the tests' TypeScript has no DOM types; DevTools runs it, which the page's CSP does not govern.
  const found = await page.evaluate(`(() => {
    const scrolls = (el) => { for (let a = el.parentElement; a; a = a.parentElement) { const o = getComputedStyle(a).overflowX; if (o === "auto" || o === "scroll" || o === "hidden") return true; } return false; };
    return [...document.body.querySelectorAll("*")]
      .filter((el) => el.getBoundingClientRect().right > ${width} + 0.5 && !scrolls(el))
      .map((el) => el.tagName.toLowerCase() + (el.className ? "." + String(el.className).split(" ").join(".") : "") + ' "' + (el.textContent || "").trim().slice(0, 30) + '"');
  })()`);
  return found as string[];
};

/**
 * The requests a page made to origins other than the gateway's, leaving out the uploaded images it
 * shows: locally they come from the S3 emulator's origin (in AWS from the image CDN), which the
 * dashboard's Content-Security-Policy names in img-src.
 */
export const requestsElsewhere = (elsewhere: readonly string[], imageUrls: readonly string[]): string[] =>
  elsewhere.filter((url) => !imageUrls.includes(url));

/** Moves a signed-in dashboard to one of its pages by the address's hash, as a link or a bookmark would. */
export const openPage = async (page: Page, hash: string): Promise<void> => {
  // A string: the tests' TypeScript has no DOM types; DevTools runs it, which the page's CSP does not govern.
  await page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
};

/** Where the README's screenshots of the dashboard live. */
const SCREENSHOTS = fileURLToPath(new URL("../../docs/dashboard/", import.meta.url));

/**
 * Takes the page's screenshot for the README (`docs/dashboard/<name>-<width name>.png`) when the run asks
 * for them (`DASHBOARD_SCREENSHOTS=1`): their bytes change every run, so a normal run leaves them be.
 */
export const screenshot = async (page: Page, name: string, viewport: { name: string }): Promise<void> => {
  if (process.env.DASHBOARD_SCREENSHOTS !== "1") return;
  await page.screenshot({
    path: `${SCREENSHOTS}${name}-${viewport.name}.png`,
    fullPage: true,
    animations: "disabled",
  });
};

/**
 * One headless Chromium for a test file: launched before its tests, closed after them on every path.
 * Returns its getter, so a test reads `chromium()` once the browser runs.
 */
export const chromiumForFile = (): (() => Browser) => {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("Chromium is not running: call chromiumForFile() at the file's top level");
    return browser;
  };
};
