import { parseArgs } from "node:util";

/** A bad command line: printed as one line with the command's usage, exit code 2. */
export class UsageError extends Error {}

type OptionSpec = Record<string, { type: "string" }>;

/**
 * Node's parseArgs message for a bad flag, as one short line naming the flag: "Unknown option '--vip'.
 * To specify a positional argument…" becomes `unknown option --vip`.
 */
const describeParseError = (error: unknown): string => {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string }).code;
  const flag = /'(-{1,2}[^' ]+)/.exec(message)?.[1] ?? "";
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") return `unknown option ${flag}`;
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && /argument missing/.test(message))
    return `${flag} needs a value`;
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") return `${flag} takes no value`;
  return message.split(".")[0] ?? message;
};

/** A command's `--flag value` options and its positional arguments; every flag must be in `spec`. */
export const parseOptions = <T extends OptionSpec>(args: string[], spec: T) => {
  try {
    return parseArgs({ args, options: spec, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(describeParseError(error));
  }
};

/** The value of a required `--name` option. */
export const required = (values: Record<string, unknown>, name: string): string => {
  const value = values[name];
  if (typeof value !== "string" || value === "") throw new UsageError(`--${name} is required`);
  return value;
};

/** A whole number of at least 0, as the operator typed it. */
export const integer = (name: string, raw: string): number => {
  if (!/^\d+$/.test(raw)) throw new UsageError(`${name} must be a positive integer, got "${raw}"`);
  return Number(raw);
};

/** Refuses positional arguments where a command takes none. */
export const noPositionals = (positionals: string[]): void => {
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
};

/** The one positional argument a command takes (`what` names it in the message when it is missing). */
export const onePositional = (positionals: string[], what: string): string => {
  const [value, extra] = positionals;
  if (!value) throw new UsageError(`${what} is required`);
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  return value;
};

/** An optional `--name 0|1` switch. */
export const zeroOrOne = (name: string, raw: unknown): 0 | 1 | undefined => {
  if (raw === undefined) return undefined;
  if (raw === "0" || raw === "1") return Number(raw) as 0 | 1;
  throw new UsageError(`--${name} must be 0 or 1, got "${String(raw)}"`);
};
