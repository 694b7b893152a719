import { $ZodError } from "zod/v4/core";
import { DomainError } from "../../shared/errors/domain-error.js";
import { commands, UsageError, usage } from "./commands.js";
import { selectOpsTarget } from "./ops-environment.js";

const isUnreachable = (error: unknown): boolean => {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === "ECONNREFUSED" || (error instanceof Error && /ECONNREFUSED/.test(error.message));
};

/** `npm run ops -- <command>`: JSON on stdout and exit 0; one line on stderr and exit 2 (usage) or 1 (failure). */
const main = async (argv: string[]): Promise<number> => {
  const [first = "", second = ""] = argv;
  const twoWords = `${first} ${second}`;
  const [name, rest] = commands[twoWords] ? [twoWords, argv.slice(2)] : [first, argv.slice(1)];
  const run = commands[name];
  if (!run) {
    process.stderr.write(
      `${first ? `unknown command "${argv.slice(0, 2).join(" ")}"` : "no command given"}\n${usage}\n`,
    );
    return 2;
  }
  let target: ReturnType<typeof selectOpsTarget> | undefined;
  try {
    target = selectOpsTarget();
    const result = await run(rest);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    if (error instanceof $ZodError) {
      process.stderr.write(`${error.issues[0]?.message ?? "invalid arguments"}\n`);
      return 2;
    }
    if (error instanceof DomainError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    if (target && isUnreachable(error)) {
      process.stderr.write(`${target.unreachableHint}\n`);
      return 1;
    }
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
};

process.exitCode = await main(process.argv.slice(2));
