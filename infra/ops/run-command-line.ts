import { $ZodError } from "zod/v4/core";
import { DomainError } from "../../shared/errors/domain-error.js";
import type { Command } from "./command.js";
import { UsageError } from "./command-line.js";
import { commands } from "./commands.js";
import { commandHelp, overallHelp, usageLine } from "./help.js";
import { selectOpsTarget } from "./ops-environment.js";

const isUnreachable = (error: unknown): boolean => {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === "ECONNREFUSED" || (error instanceof Error && /ECONNREFUSED/.test(error.message));
};

const HELP = new Set(["--help", "-h", "help"]);
const asksForHelp = (args: string[]) => args.includes("--help") || args.includes("-h");

/** The command named by the first one or two words, and the arguments after them. */
const resolve = (argv: string[]): { name: string; command: Command; rest: string[] } | undefined => {
  const [first = "", second = ""] = argv;
  const twoWords = `${first} ${second}`;
  const one = commands[first];
  const two = commands[twoWords];
  if (two) return { name: twoWords, command: two, rest: argv.slice(2) };
  if (one) return { name: first, command: one, rest: argv.slice(1) };
  return undefined;
};

/** Somewhere a run writes its text: the process's stdout or stderr for `npm run ops`. */
export interface TextSink {
  write(text: string): unknown;
}

/** Prints the text as a line on the sink and returns the exit code: help on stdout, why on stderr. */
const printAndExit = (sink: TextSink, text: string, code: 0 | 1 | 2): number => {
  sink.write(`${text}\n`);
  return code;
};

/**
 * What one run reads and writes. The CLI passes the process's own streams and `process.env`; a test
 * passes its own sinks, so many command lines run in one process through the code the CLI runs.
 */
export interface OpsIo {
  readonly stdout: TextSink;
  readonly stderr: TextSink;
  /**
   * Where the target's settings are read (OPS_TARGET, the local ports, LOCAL_STATE_DIR) and the chosen
   * target's environment is written. The services read theirs from `process.env`, so a run that is to
   * reach a stack passes `process.env` itself.
   */
  readonly env: NodeJS.ProcessEnv;
}

/**
 * `npm run -s ops -- <command>`: JSON on stdout and exit 0; one line on stderr and exit 2 (usage) or 1
 * (failure). `--help`, `-h` or `help` print the commands and exit 0; `<command> --help` one command.
 * Returns the exit code rather than exiting, so the caller decides what ends.
 */
export const runCommandLine = async (argv: string[], io: OpsIo): Promise<number> => {
  const helpExit = (text: string) => printAndExit(io.stdout, text, 0);
  const failExit = (text: string, code: 1 | 2) => printAndExit(io.stderr, text, code);
  const [first = ""] = argv;
  if (HELP.has(first)) {
    const asked = argv.slice(1);
    if (asked.length === 0) return helpExit(overallHelp(commands));
    const found = resolve(asked);
    if (found) return helpExit(commandHelp(found.name, found.command));
    return failExit(`unknown command "${asked.join(" ")}"\n${overallHelp(commands)}`, 2);
  }
  const found = resolve(argv);
  if (!found) {
    const group = Object.keys(commands).some((name) => name.startsWith(`${first} `));
    // `ops account --help`: the account commands.
    if (group && asksForHelp(argv)) return helpExit(overallHelp(commands, first));
    const named = argv.slice(0, 2).join(" ");
    const why = first ? `unknown command "${named}"` : "no command given";
    return failExit(`${why}\n${overallHelp(commands, group ? first : undefined)}`, 2);
  }
  const { name, command, rest } = found;
  if (asksForHelp(rest)) return helpExit(commandHelp(name, command));
  let target: ReturnType<typeof selectOpsTarget> | undefined;
  try {
    target = selectOpsTarget(io.env);
    const result = await command.run(rest);
    io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    const badArguments =
      error instanceof $ZodError
        ? (error.issues[0]?.message ?? "invalid arguments")
        : error instanceof UsageError
          ? error.message
          : undefined;
    if (badArguments !== undefined) return failExit(`${badArguments}; ${usageLine(name, command)}`, 2);
    if (error instanceof DomainError) return failExit(error.message, 1);
    if (target && isUnreachable(error)) return failExit(target.unreachableHint, 1);
    return failExit(error instanceof Error ? error.message : String(error), 1);
  }
};
