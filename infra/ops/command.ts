/** The code behind one ops command: its arguments after the command's words in, what it prints out. */
export type Runner = (args: string[]) => Promise<unknown>;

/** One ops command: how it is called, what it does, and the code that does it. */
export interface Command {
  /** The arguments after the command's words, as its usage line shows them. */
  readonly args: string;
  /** What it does and prints, in one line. */
  readonly summary: string;
  /** Further lines for `<command> --help`. */
  readonly notes?: readonly string[];
  readonly run: Runner;
}

/** Commands keyed by their words (`account create`), in the order help lists them. */
export type CommandTable = Readonly<Record<string, Command>>;
