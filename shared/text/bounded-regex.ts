import { createContext, Script } from "node:vm";

/** How long a seller's pattern may run on one value before it counts as not matching. */
export const REGEX_BUDGET_MS = 50;

// One script and one context per process: the pattern and value are handed in as globals each time.
const script = new Script("pattern.test(value)");
const sandbox = createContext({ pattern: /$^/u, value: "" });

/**
 * Whether `value` matches the whole of a seller-configured pattern. The pattern is the seller's, so it
 * may backtrack catastrophically (`(a+)+$`): it runs inside a V8 context with a time budget, and a run
 * that exceeds it is reported as `"timeout"` instead of hanging the function.
 */
export const matchesWhole = (
  pattern: string,
  value: string,
  budgetMs: number = REGEX_BUDGET_MS,
): boolean | "timeout" => {
  sandbox.pattern = new RegExp(`^(?:${pattern})$`, "u");
  sandbox.value = value;
  try {
    return script.runInContext(sandbox, { timeout: budgetMs }) === true;
  } catch (error) {
    if ((error as { code?: unknown }).code === "ERR_SCRIPT_EXECUTION_TIMEOUT") return "timeout";
    throw error;
  }
};
