import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import chromium from "@sparticuz/chromium";
import { type Browser, type Page, chromium as playwright } from "playwright-core";

/**
 * Flags of @sparticuz/chromium's Lambda defaults left out: two lift checks a normal browser makes (same
 * origin, mixed content), and a single-process browser ends with its first closed page.
 */
const leftOut = new Set(["--disable-web-security", "--allow-running-insecure-content", "--single-process"]);

/**
 * How long the browser is given to launch, load and render: Playwright's own limits (30 s) measure the
 * machine. Generous, and below the suite's hang guard, so a page that never renders still says why.
 */
export const BROWSER_GUARD_MS = 5 * 60_000;

/**
 * How long `expect.poll` waits for a page to show what a test expects: vitest's default (1 s) measures
 * the machine, and a loaded one takes longer to answer and render.
 */
export const PAGE_WAIT = {
  timeout: Number(process.env.PAGE_WAIT_MS ?? BROWSER_GUARD_MS),
  interval: 50,
} as const;

/** A real headless Chromium: the one @sparticuz/chromium ships in its npm package, so CI installs nothing beyond npm ci. */
export const launchChromium = async (): Promise<Browser> =>
  playwright.launch({
    executablePath: await chromium.executablePath(),
    args: chromium.args.filter((arg) => !leftOut.has(arg)),
    timeout: BROWSER_GUARD_MS,
  });

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** One accessibility violation axe-core found: its rule, impact and how many elements. */
export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly nodes: number;
}

/** The serious and critical accessibility violations axe-core finds on the page as it is now. */
export const seriousViolations = async (page: Page): Promise<AxeViolation[]> => {
  // Evaluated through DevTools, which the page's CSP does not govern (the page itself runs no eval).
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (
      globalThis as unknown as {
        axe: {
          run: () => Promise<{ violations: { id: string; impact: string | null; nodes: unknown[] }[] }>;
        };
      }
    ).axe.run();
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
};
