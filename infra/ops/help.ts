import type { Command, CommandTable } from "./command.js";

/** How every command is run; `-s` keeps npm's banner off stdout, so the JSON pipes into `jq`. */
export const INVOCATION = "npm run -s ops --";

/** `account create --name <store> --email <email>`: a command's words and arguments. */
export const synopsis = (name: string, command: Command): string =>
  command.args === "" ? name : `${name} ${command.args}`;

/** One line for usage errors: how the command is called. */
export const usageLine = (name: string, command: Command): string =>
  `usage: ${INVOCATION} ${synopsis(name, command)}`;

/** `--help`: every command on a line of its own with what it does, `only` limiting them to one group. */
export const overallHelp = (commands: CommandTable, only?: string): string => {
  const names = Object.keys(commands).filter((name) => only === undefined || name.split(" ")[0] === only);
  const width = Math.max(...names.map((name) => name.length));
  return [
    `usage: ${INVOCATION} <command> [arguments]`,
    "",
    "Prints JSON on stdout and exits 0; on failure one line on stderr and exit 2 (bad arguments) or 1.",
    `\`${INVOCATION} <command> --help\` shows a command's arguments.`,
    "",
    ...names.map((name) => `  ${name.padEnd(width)}  ${commands[name]?.summary ?? ""}`),
    "",
    "Locally it reaches the stack `npm start` runs through the same environment (PORT, DYNAMODB_LOCAL_PORT,",
    "FAUXQS_PORT, LOCAL_STATE, LOCAL_STATE_DIR); OPS_TARGET=aws works on a deployed stack (see README).",
  ].join("\n");
};

/** `<command> --help`: its usage line, what it does, and its notes. */
export const commandHelp = (name: string, command: Command): string =>
  [usageLine(name, command), "", command.summary, ...(command.notes ?? [])].join("\n");
