import type { Page } from "playwright-core";

/**
 * A deliberately broken API answer, for seeing a dashboard test fail (#22): with
 * `DASHBOARD_BREAK="GET /api/v1/seller data.balance"`, every answer to that route (method and path
 * prefix) reaches the page with that field changed: a number plus one, a string with "!" added, a list
 * one item short, `true`/`false` flipped. A test whose assertions are worth anything then fails. Never set
 * in a normal run.
 */
export const DASHBOARD_BREAK = process.env.DASHBOARD_BREAK;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** `value` with the field at `path` (dotted; numbers index lists) changed as DASHBOARD_BREAK describes. */
export const brokenAt = (value: Json, path: readonly string[]): Json => {
  const [head, ...rest] = path;
  if (head === undefined) {
    if (typeof value === "number") return value + 1;
    if (typeof value === "string") return `${value}!`;
    if (typeof value === "boolean") return !value;
    if (Array.isArray(value)) return value.slice(0, -1);
    throw new Error(`DASHBOARD_BREAK: nothing to break in ${JSON.stringify(value)}`);
  }
  if (Array.isArray(value)) return value.map((item, i) => (String(i) === head ? brokenAt(item, rest) : item));
  if (value !== null && typeof value === "object" && head in value)
    return { ...value, [head]: brokenAt(value[head] as Json, rest) };
  throw new Error(`DASHBOARD_BREAK: no field '${head}' in ${JSON.stringify(value).slice(0, 200)}`);
};

/** Routes the page's calls of the broken route through `brokenAt`, when DASHBOARD_BREAK names one. */
export const breakAnswers = async (page: Page): Promise<void> => {
  if (!DASHBOARD_BREAK) return;
  const [method, prefix, field] = DASHBOARD_BREAK.split(" ");
  if (!method || !prefix || !field)
    throw new Error('DASHBOARD_BREAK is "<METHOD> <path prefix> <dotted field>"');
  await page.route(
    (url) => url.pathname.startsWith(prefix),
    async (route) => {
      if (route.request().method() !== method) return route.continue();
      const answer = await route.fetch();
      const body = (await answer.json()) as Json;
      // A refusal has no data to break: it goes through as it came.
      if (answer.status() >= 400) return route.fulfill({ response: answer });
      await route.fulfill({ response: answer, json: brokenAt(body, field.split(".")) });
    },
  );
};
